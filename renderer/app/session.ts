// The browser session: what sign-in stores in localStorage (spec 000 section 9) and how screens
// read it. One snapshot object is cached and replaced on every write, so React can subscribe
// through useSyncExternalStore; a change in another tab arrives through the storage event.
import { useSyncExternalStore } from 'react';
import type { GlobalNavItem, IncentiveInfo, PermissionItem, SessionUser, SiteSearchCategory } from '../api/types';

export const SESSION_KEYS = {
  token: 'token',
  user: 'user',
  globalNav: 'globalNav',
  userParmition: 'userParmition',
  categoryList: 'categoryList',
  systemDate: 'systemDate',
  businessDate: 'businessDate',
  incentiveInfo: 'incentiveInfo',
  adminManualUrl: 'adminManualUrl',
} as const;

/** Ids written to the operation log before sign-in (spec 000 section 3). */
export { ANONYMOUS_AG_CODE, ANONYMOUS_USER_ID } from '../../schemas/operation-log';

export interface SessionSnapshot {
  token: string;
  user: SessionUser | null;
  globalNav: GlobalNavItem[];
  userParmition: PermissionItem[];
  categoryList: SiteSearchCategory[];
  /** yyyy/MM/dd */
  systemDate: string;
  /** yyyy/MM/dd, only while a provider administrator has switched the business date. */
  businessDate: string;
  incentiveInfo: IncentiveInfo | null;
  /** The header's 管理者マニュアル link (ADMIN_MANUAL_URL, from the navigation call at sign-in). */
  adminManualUrl: string;
}

export interface SessionUpdate {
  token?: string;
  user?: SessionUser | null;
  globalNav?: GlobalNavItem[];
  userParmition?: PermissionItem[];
  categoryList?: SiteSearchCategory[];
  systemDate?: string;
  businessDate?: string;
  incentiveInfo?: IncentiveInfo | null;
  adminManualUrl?: string;
}

type SessionKey = keyof SessionSnapshot;

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot | null = null;
let snapshotRaw: string[] = [];

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const KEY_LIST = Object.values(SESSION_KEYS);

function readRaw(): string[] {
  const store = storage();
  return KEY_LIST.map((key) => store?.getItem(key) ?? '');
}

function parseJson(raw: string): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** A stored list; anything else (damaged storage) reads as empty. */
function parseList<T>(raw: string): T[] {
  const value = parseJson(raw);
  return Array.isArray(value) ? (value.filter((v) => typeof v === 'object' && v !== null) as T[]) : [];
}

function parseObject<T>(raw: string): T | null {
  const value = parseJson(raw);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as T) : null;
}

/** A stored number; digits in a string count (older or hand-written storage), anything else does not. */
function storedNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The one place stored values meet the wire types: the navigation, the permissions and the search
 * categories are read back into the wire's shapes (numbers, a boolean flag, a "0"/"1" text flag);
 * an entry without a usable id is dropped.
 */
function storedNavItem(value: object): GlobalNavItem | null {
  const v = value as Record<string, unknown>;
  const categoryId = storedNumber(v.categoryId);
  const parentId = v.parentId === '' || v.parentId === null || v.parentId === undefined ? '' : storedNumber(v.parentId);
  if (categoryId === null || parentId === null) return null;
  const flag = v.isSaparateTab;
  return {
    categoryId,
    categoryName: String(v.categoryName ?? ''),
    parentId,
    displayOrder: storedNumber(v.displayOrder) ?? Number.MAX_SAFE_INTEGER,
    linkUrl: String(v.linkUrl ?? ''),
    isSaparateTab: flag === true || flag === '1' || flag === 'true' || flag === 1,
  };
}

function storedPermission(value: object): PermissionItem | null {
  const v = value as Record<string, unknown>;
  const categoryId = storedNumber(v.categoryId);
  if (categoryId === null) return null;
  return {
    categoryId,
    categoryName: String(v.categoryName ?? ''),
    categoryUrl: String(v.categoryUrl ?? ''),
    systemCategoryName: String(v.systemCategoryName ?? ''),
    parmitionFlg: String(v.parmitionFlg ?? '0'),
  };
}

function storedCategory(value: object): SiteSearchCategory | null {
  const v = value as Record<string, unknown>;
  const categoryId = storedNumber(v.categoryId);
  return categoryId === null ? null : { categoryId, categoryName: String(v.categoryName ?? '') };
}

function parseEach<T>(raw: string, read: (value: object) => T | null): T[] {
  return parseList<object>(raw).flatMap((value) => read(value) ?? []);
}

function build(raw: string[]): SessionSnapshot {
  const value = (key: string) => raw[KEY_LIST.indexOf(key as (typeof KEY_LIST)[number])] ?? '';
  return {
    token: value(SESSION_KEYS.token),
    user: parseObject<SessionUser>(value(SESSION_KEYS.user)),
    globalNav: parseEach(value(SESSION_KEYS.globalNav), storedNavItem),
    userParmition: parseEach(value(SESSION_KEYS.userParmition), storedPermission),
    categoryList: parseEach(value(SESSION_KEYS.categoryList), storedCategory),
    systemDate: value(SESSION_KEYS.systemDate),
    businessDate: value(SESSION_KEYS.businessDate),
    incentiveInfo: parseObject<IncentiveInfo>(value(SESSION_KEYS.incentiveInfo)),
    adminManualUrl: value(SESSION_KEYS.adminManualUrl),
  };
}

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * The current session. localStorage is the source of truth (other code may write it directly);
 * the parsed snapshot is reused as long as the stored strings are unchanged, so React sees a
 * stable object.
 */
export function getSession(): SessionSnapshot {
  const raw = readRaw();
  if (!snapshot || raw.some((value, index) => value !== snapshotRaw[index])) {
    snapshot = build(raw);
    snapshotRaw = raw;
  }
  return snapshot;
}

export function getToken(): string {
  return getSession().token;
}

/** Write some session values; undefined leaves a value alone, '' or null removes it. */
export function updateSession(update: SessionUpdate): void {
  const store = storage();
  if (!store) return;
  for (const [name, value] of Object.entries(update) as [SessionKey, unknown][]) {
    if (value === undefined) continue;
    const key = SESSION_KEYS[name];
    if (value === null || value === '') {
      store.removeItem(key);
    } else if (typeof value === 'string') {
      store.setItem(key, value);
    } else {
      store.setItem(key, JSON.stringify(value));
    }
  }
  emit();
}

export function removeSessionValues(...names: SessionKey[]): void {
  const store = storage();
  if (!store) return;
  for (const name of names) store.removeItem(SESSION_KEYS[name]);
  emit();
}

/** Remove everything sign-in stored. */
export function clearSession(): void {
  removeSessionValues(...(Object.keys(SESSION_KEYS) as SessionKey[]));
}

export function hasSignedInSession(session: SessionSnapshot = getSession()): boolean {
  return session.token !== '' && session.user !== null && session.user.isLoggedIn === true;
}

export interface EffectiveIds {
  userId: string;
  agCode: string;
  daihyoCode: string;
}

/** The ids data calls use: the pseudo ids while a provider administrator acts as another agent. */
export function effectiveIds(session: SessionSnapshot = getSession()): EffectiveIds {
  const user = session.user;
  if (!user) return { userId: '', agCode: '', daihyoCode: '' };
  if (user.pseudoUserId) {
    return {
      userId: user.pseudoUserId,
      agCode: user.pseudoAgCode || user.agCode,
      daihyoCode: user.pseudoDaihyoCode || user.daihyoCode,
    };
  }
  return { userId: user.userId, agCode: user.agCode, daihyoCode: user.daihyoCode };
}

export function isPseudoLogin(session: SessionSnapshot = getSession()): boolean {
  return Boolean(session.user?.pseudoUserId || session.user?.pseudoAgCode);
}

/** Both isAdmin and isProvider (spec 000 section 6). */
export function isProviderAdmin(session: SessionSnapshot = getSession()): boolean {
  return Boolean(session.user?.isAdmin && session.user?.isProvider);
}

/** The date data calls use: the business date when one is set, otherwise the system date. */
export function targetDate(session: SessionSnapshot = getSession()): string {
  return session.businessDate || session.systemDate;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) emit();
  });
}

/** React access to the session; re-renders when anything in it changes. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
