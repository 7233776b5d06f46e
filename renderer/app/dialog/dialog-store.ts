// Promise API of the modal dialog, used everywhere instead of window.alert / window.confirm.
// Requests queue up; the DialogHost shows them one at a time.

export type DialogKind = 'alert' | 'confirm';

export interface DialogRequest {
  id: number;
  kind: DialogKind;
  text: string;
  resolve: (ok: boolean) => void;
}

let nextId = 1;
let queue: DialogRequest[] = [];
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function open(kind: DialogKind, text: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    queue = [...queue, { id: nextId++, kind, text, resolve }];
    emit();
  });
}

/** Show a message with an OK button; resolves when it is closed. */
export async function alertMessage(text: string): Promise<void> {
  await open('alert', text);
}

/** Ask a question with OK and キャンセル; resolves true for OK. */
export function confirmMessage(text: string): Promise<boolean> {
  return open('confirm', text);
}

export function currentDialog(): DialogRequest | null {
  return queue[0] ?? null;
}

export function closeDialog(id: number, ok: boolean): void {
  const request = queue.find((r) => r.id === id);
  if (!request) return;
  queue = queue.filter((r) => r.id !== id);
  emit();
  request.resolve(ok);
}

export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
