// Random secrets for one-time codes, reset links and ids; only their hashes are stored.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

// No 0/O or 1/I/L: the code is read from a mail and typed by hand.
const OTP_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newOneTimeCode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += OTP_ALPHABET[randomInt(OTP_ALPHABET.length)];
  return code;
}

export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newId(): string {
  return randomUUID();
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
