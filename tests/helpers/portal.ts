// Helpers for the portal and content API tests: sign in the demo accounts once, call with
// systemKbn, find seeded contents by title, act as an agent (pseudo token), read a ZIP.
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { signSessionToken } from '../../api/authority/session-token';
import { FIXTURE_TITLES } from '../../seeds/content-fixtures';
import type { TestApp } from './test-app';
import { nth } from './indexing';

export { FIXTURE_TITLES };

export const USER_IDS = {
  'demo-provider': '0000000001',
  'demo-agadmin': '0000000002',
  'demo-agent': '0000000003',
  'demo-agent2': '0000000004',
  'demo-staff': '0000000005',
} as const;
export type DemoLogin = keyof typeof USER_IDS;

export interface Session {
  loginId: DemoLogin;
  token: string;
  userId: string;
  agCode: string;
  call(path: string, body?: Record<string, unknown>): Promise<LightMyRequestResponse>;
}

export async function signInAs(h: TestApp, loginId: DemoLogin): Promise<Session> {
  const { token, user } = await h.signIn(loginId);
  return sessionOf(h, loginId, token, String(user.userId), String(user.agCode));
}

function sessionOf(h: TestApp, loginId: DemoLogin, token: string, userId: string, agCode: string): Session {
  return {
    loginId,
    token,
    userId,
    agCode,
    call: (path, body = {}) => h.post(path, { systemKbn: '01', ...body }, { token }),
  };
}

/** A token of the provider administrator's session that acts as another agent (as pseudo-login issues). */
export function actingAs(h: TestApp, provider: Session, pseudo: { userId: string; agCode: string }): Session {
  const claims = JSON.parse(Buffer.from(nth(provider.token.split('.'), 1), 'base64url').toString('utf8')) as {
    sid: string;
  };
  const token = signSessionToken(h.app, {
    sessionId: claims.sid,
    userId: provider.userId,
    agCode: provider.agCode,
    pseudo,
  });
  return sessionOf(h, provider.loginId, token, provider.userId, provider.agCode);
}

export async function contentByTitle(h: TestApp, title: string): Promise<{ contentId: number; categoryId: number }> {
  const row = await h.db
    .selectFrom('contents')
    .select(['content_id', 'category_id'])
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return { contentId: row.content_id, categoryId: row.category_id };
}

export interface ZipEntryRead {
  name: string;
  size: number;
  compressedSize: number;
  crc: number;
  data: Buffer;
}

/** Reads a ZIP from its central directory (end record, then each entry and its local data). */
export function readZip(zip: Buffer): ZipEntryRead[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const out: ZipEntryRead[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry');
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const compressedSize = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString(flags & 0x800 ? 'utf8' : 'latin1');
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    const data = method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw);
    out.push({ name, size, compressedSize, crc, data });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** The name a browser would save: filename* (RFC 8187) first, then filename. */
export function fileNameOf(res: LightMyRequestResponse): string | null {
  const header = String(res.headers['content-disposition'] ?? '');
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(nth(star, 1));
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain ? nth(plain, 1) : null;
}

/**
 * An independent oracle of visibility, computed in JavaScript from the raw rows (not through
 * api/authority/visibility.ts): content ids an agent may see on a date.
 */
export async function expectedVisibleIds(
  h: TestApp,
  agCode: string,
  date: string,
  opts: { isAdmin?: boolean; categoryId?: number } = {},
): Promise<Set<number>> {
  const [contents, agents, members, popups] = await Promise.all([
    h.db
      .selectFrom('contents')
      .select([
        'content_id',
        'category_id',
        'keisai_start',
        'keisai_end',
        'display_target',
        'ag_segment_id',
        'deleted_at',
      ])
      .execute(),
    h.db.selectFrom('content_agents').selectAll().execute(),
    h.db.selectFrom('agent_segment_members').selectAll().execute(),
    h.db.selectFrom('login_popups').selectAll().execute(),
  ]);
  const segmentsOf = new Set(members.filter((m) => m.ag_code === agCode).map((m) => m.ag_segment_id));
  const out = new Set<number>();
  for (const c of contents) {
    if (opts.categoryId !== undefined && c.category_id !== opts.categoryId) continue;
    if (c.deleted_at || c.keisai_start > date || c.keisai_end < date) continue;
    const targeted =
      c.display_target === '0' ||
      (c.display_target === '1' && c.ag_segment_id !== null && segmentsOf.has(c.ag_segment_id)) ||
      (c.display_target === '2' && agents.some((a) => a.content_id === c.content_id && a.ag_code === agCode));
    if (!targeted) continue;
    if (!opts.isAdmin && popups.some((p) => p.content_id === c.content_id && p.check_disp_target === '2')) continue;
    out.add(c.content_id);
  }
  return out;
}

export const TODAY = '2026-11-20'; // DEFAULT_NOW in Tokyo; the seeds are placed around it
export const slash = (iso: string) => iso.replaceAll('-', '/');
export function daysFromToday(n: number): string {
  const d = new Date(`${TODAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
