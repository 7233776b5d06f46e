// One Idempotency-Key per submission of a create (docs/forms.md, "Idempotent creates"): sending
// the same body again — a double click, a retry after a timeout — reuses the key, so the server
// answers the first create instead of making a copy; any change of the form gives a new key.
export class SubmissionKeys {
  private last: { body: string; key: string } | null = null;

  /** The key for this body: the last one when the body is the same, else a new one. */
  keyFor(body: unknown): string {
    const text = JSON.stringify(body) ?? '';
    if (this.last?.body !== text) this.last = { body: text, key: newKey() };
    return this.last.key;
  }
}

/** 128 random bits as hex (getRandomValues also works where randomUUID is missing: plain http). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
