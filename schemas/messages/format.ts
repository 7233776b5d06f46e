// The one message formatter shared by the API and the renderer (docs/decisions.md section 9):
// the API returns { messageId, args } and both sides turn them into catalogue text here.
import catalogue from './ja.json';

export interface Message {
  messageId: string;
  args?: readonly (string | number)[];
}

export const messageCatalogue: Readonly<Record<string, string>> = Object.freeze({
  ...(catalogue as Record<string, string>),
});

// Unknown codes fall back to this, so a user never sees a raw code.
const FALLBACK_ID = 'ERR_SYS999';

export function hasMessage(messageId: string): boolean {
  return Object.hasOwn(messageCatalogue, messageId);
}

// Replaces {0}, {1}, … with the arguments; a missing argument becomes '' so no
// placeholder leaks to the screen.
export function formatMessage(messageId: string, args: readonly (string | number)[] = []): string {
  const text = (hasMessage(messageId) ? messageCatalogue[messageId] : messageCatalogue[FALLBACK_ID]) ?? '';
  return text.replace(/\{(\d+)\}/g, (_m, index: string) => {
    const arg = args[Number(index)];
    return arg === undefined || arg === null ? '' : String(arg);
  });
}

// Several messages are shown one per line (spec 000 §8, general handler).
export function formatMessages(messages: readonly Message[]): string {
  return messages.map((m) => formatMessage(m.messageId, m.args)).join('\n');
}
