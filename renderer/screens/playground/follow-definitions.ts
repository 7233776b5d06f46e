// npm run dev only (main.tsx imports this under import.meta.env.DEV): the API reloads an edited
// definition (api/dev/definition-reload.ts) and says so on GET /api/dev/definitions/events; the
// open screen then shows the edit — the playground by fetching the definition again (it keeps
// what was typed), any other screen by loading the page again. A file that breaks the check is
// not served; the console says why.
import { getToken } from '../../app/session';

export interface ReloadOutcome {
  version: number;
  files: string[];
  ok: boolean;
  error?: string;
}

type Listener = (outcome: ReloadOutcome) => void;
const listeners = new Set<Listener>();

/** The playground takes the reloads itself while it is open (no page reload). */
export function onDefinitionReload(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function handle(outcome: ReloadOutcome): void {
  if (!outcome.ok) console.warn(`[dev] ${outcome.files.join(', ')}: not reloaded\n${outcome.error ?? ''}`);
  if (listeners.size > 0) for (const listener of listeners) listener(outcome);
  else if (outcome.ok) window.location.reload();
}

/** One server-sent event block: its `event:` name and `data:` JSON. */
function parse(block: string): { event: string; data: unknown } | null {
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (!data) return null;
  try {
    return { event, data: JSON.parse(data) };
  } catch {
    return null;
  }
}

// fetch rather than EventSource: the stream needs the bearer token, which EventSource cannot send.
async function follow(): Promise<void> {
  const token = getToken();
  if (!token) return; // not signed in yet: asked again below
  const response = await fetch('/api/dev/definitions/events', { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (message?.event === 'reload') handle(message.data as ReloadOutcome);
    }
  }
}

/** Follows the reloads for as long as the page is open; the stream is opened again when it ends (an API restart, a sign-in). */
export function followDefinitionEdits(): void {
  const again = () =>
    setTimeout(
      () =>
        void follow()
          .catch(() => undefined)
          .finally(again),
      2000,
    );
  void follow()
    .catch(() => undefined)
    .finally(again);
}
