// The one error path: handlers throw an HttpProblem; the error plugin turns it into the
// wire shape of docs/wire-contract.md. Never a stack trace or SQL text to the client.
import type { Message } from '../../schemas/messages/format';

export interface WireMessage {
  messageId: string;
  args: string[];
}

export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(`HTTP ${statusCode}`);
  }
}

/** The wire form: the same message for several fields or rows is said once (the wire has no field). */
function wire(messages: readonly Message[]): WireMessage[] {
  const seen = new Set<string>();
  const out: WireMessage[] = [];
  for (const m of messages) {
    const w = { messageId: m.messageId, args: (m.args ?? []).map(String) };
    const key = JSON.stringify(w);
    if (!seen.has(key)) out.push(w);
    seen.add(key);
  }
  return out;
}

export const problem = {
  /** 400 with catalogue messages (rule results carry `field`, which the wire does not need). */
  validation: (messages: readonly Message[]) => new HttpProblem(400, { messages: wire(messages) }),
  unauthorized: (messageId = 'ERR_USER001') => new HttpProblem(401, { messages: wire([{ messageId }]) }),
  forbidden: () => new HttpProblem(403, { messages: wire([{ messageId: 'ERR_0022' }]) }),
  tooManyResults: (what: string) => new HttpProblem(416, { messages: wire([{ messageId: 'ERR_0023', args: [what] }]) }),
  tooManyAttempts: () => new HttpProblem(429, { messages: wire([{ messageId: 'ERR_USER003' }]) }),
  outOfOperation: () => new HttpProblem(503, { outOfOperation: true }),
  /** 503: a mail the answer depends on could not be sent now (ERR_SYS003 naming it); the outbox retries it. */
  mailNotSent: (what: string) => new HttpProblem(503, { messages: wire([{ messageId: 'ERR_SYS003', args: [what] }]) }),
};

export function messagesBody(messages: readonly Message[]): { messages: WireMessage[] } {
  return { messages: wire(messages) };
}
