// Who is calling: built from the token and the database by the auth plugin, never from the body.
import { tokyoDate, type Clock } from '../clock';

export interface PseudoIdentity {
  userId: string;
  agCode: string;
  agName: string;
  daihyoCode: string;
  invoiceNo: string;
  roleId: string;
  isAdmin: boolean;
  isProvider: boolean;
}

export interface Caller {
  sessionId: string;
  userId: string;
  agCode: string;
  daihyoCode: string;
  roleId: string;
  isAdmin: boolean;
  isProvider: boolean;
  pseudo: PseudoIdentity | null;
}

/** Ids of the caller as seen by targeting: the pseudo agent while acting as one. */
export function effectiveIds(c: Caller): { userId: string; agCode: string; daihyoCode: string } {
  return c.pseudo
    ? { userId: c.pseudo.userId, agCode: c.pseudo.agCode, daihyoCode: c.pseudo.daihyoCode }
    : { userId: c.userId, agCode: c.agCode, daihyoCode: c.daihyoCode };
}

export function isProviderAdmin(c: { isAdmin: boolean; isProvider: boolean }): boolean {
  return c.isAdmin && c.isProvider;
}

const MAX_DATE = '9999-12-31';

/** 'yyyy/MM/dd' or 'yyyy-MM-dd' of a real calendar date → 'yyyy-MM-dd'; otherwise null. */
export function parseWireDate(value: string | undefined | null): string | null {
  if (!value) return null;
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return iso <= MAX_DATE && y >= 1 ? iso : null;
}

/**
 * The date a read is resolved against: the business date a provider administrator set,
 * otherwise today in Tokyo. Anyone else's targetDate is ignored, so it can never widen a read.
 */
export function targetDateFor(c: Caller, requested: string | undefined, clock: Clock): string {
  const today = tokyoDate(clock.now());
  if (!isProviderAdmin(c)) return today;
  return parseWireDate(requested) ?? today;
}
