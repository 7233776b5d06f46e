// Page context kept in session storage instead of the URL (spec 001: /login-popup-reg reads its
// context "from session storage, not the URL"). A list writes it before it navigates (a row's
// edit, the new button: `handoff` of the list definition); the form reads it as its query (so
// `=query.contentsId` and the modes work as on any page) and writes it back when it changes mode
// (after a register: update mode on the created id, then a reload). Without it the page shows
// ERR_SYS998 (no stored edit context).
import type { Handoff, HandoffSource } from '../../schemas/meta/types';
import { evaluate, type Scope } from './expressions';

/** The form's stored context is missing or unreadable. */
export class MissingHandoff extends Error {
  constructor(storageKey: string) {
    super(`no stored context ${storageKey}`);
    this.name = 'MissingHandoff';
  }
}

function read(storageKey: string): Record<string, string> | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
  } catch {
    return null;
  }
}

/** The page's query with the stored context over it; throws MissingHandoff without one. */
export function queryWithHandoff(source: HandoffSource | undefined, query: URLSearchParams): URLSearchParams {
  if (!source) return query;
  const stored = read(source.storageKey);
  if (!stored) throw new MissingHandoff(source.storageKey);
  const out = new URLSearchParams(query);
  for (const [k, v] of Object.entries(stored)) out.set(k, v);
  return out;
}

/** Replaces the stored context (a form changing mode). */
export function storeHandoffQuery(source: HandoffSource, query: URLSearchParams): void {
  sessionStorage.setItem(source.storageKey, JSON.stringify(Object.fromEntries(query.entries())));
}

/** Writes a list's handoff before it navigates: its values evaluated in the action's scope. */
export function writeHandoff(handoff: Handoff | undefined, scope: Scope): void {
  if (!handoff) return;
  const values = evaluate(handoff.values, scope) as Record<string, unknown>;
  const clean = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  sessionStorage.setItem(handoff.storageKey, JSON.stringify(clean));
}
