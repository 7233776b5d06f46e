// The two sign-in cookies: the one-time-code challenge (binds a code to the browser whose
// sign-in asked for it) and the trusted-browser mark (30 days). Signed and httpOnly.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const OTP_CHALLENGE_COOKIE = 'wag_otp';
export const TRUSTED_BROWSER_COOKIE = 'wag_tb';
export const TRUSTED_BROWSER_DAYS = 30;

export function readSignedCookie(request: FastifyRequest, name: string): string | null {
  const raw = request.cookies[name];
  if (!raw) return null;
  const r = request.unsignCookie(raw);
  return r.valid && r.value ? r.value : null;
}

export function setSignedCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
) {
  reply.setCookie(name, value, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/Auth',
    maxAge: maxAgeSeconds,
  });
}

export function clearCookie(reply: FastifyReply, name: string) {
  reply.clearCookie(name, { path: '/api/Auth' });
}
