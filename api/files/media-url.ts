// Addresses for files the browser loads by itself (<img>, <video>, a PDF opened in a tab): it
// cannot send the bearer token, so the API answers a signed, expiring path instead
// (/api/media/<token>), like a presigned object-store URL. Only a read that passed the
// visibility check hands one out. The token names the row that holds the file (so a file
// removed from its content stops being served) and its expiry, rounded up to the hour: the same
// file keeps the same address for a while and the browser cache works; a link lives 1 to 2 hours.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { cacheCounters } from '../metrics/metrics';

/** Which row holds the file: a content file, a banner image, an icon menu image (normal / hover), a thumbnail (0007). */
export type MediaKind = 'file' | 'banner' | 'icon' | 'iconOver' | 'thumbnail';

export interface MediaRef {
  kind: MediaKind;
  id: number;
}

export interface MediaUrls {
  /** The path the browser loads: /api/media/<token>. */
  pathFor(ref: MediaRef): string;
  /** The reference of a well-signed, unexpired token, else null. */
  read(token: string): MediaRef | null;
}

const HOUR_MS = 3600_000;
const MAX_SIGNED = 100_000;
export const MEDIA_PREFIX = '/api/media/';

const CODES: Record<MediaKind, string> = { file: 'f', banner: 'b', icon: 'i', iconOver: 'o', thumbnail: 't' };
const KINDS: Record<string, MediaKind> = { f: 'file', b: 'banner', i: 'icon', o: 'iconOver', t: 'thumbnail' };

export function mediaUrls(signingSecret: string, now: () => Date): MediaUrls {
  const key = createHmac('sha256', signingSecret).update('media-url/v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  // The paths of the current hour, remembered: a page load asks for the same images again and
  // again, and signing was a twentieth of a portal read's CPU. Forgotten when the hour moves on.
  let signedHour = 0;
  let signed = new Map<string, string>();
  const counted = cacheCounters('media-paths');
  return {
    pathFor(ref) {
      const expires = Math.ceil((now().getTime() + HOUR_MS) / HOUR_MS) * (HOUR_MS / 1000);
      if (expires !== signedHour || signed.size >= MAX_SIGNED) {
        signedHour = expires;
        signed = new Map();
      }
      const payload = `${CODES[ref.kind]}${ref.id}-${expires}`;
      const known = signed.get(payload);
      if (known !== undefined) {
        counted.hit();
        return known;
      }
      counted.miss();
      const path = `${MEDIA_PREFIX}${payload}-${mac(payload).toString('base64url')}`;
      signed.set(payload, path);
      return path;
    },
    read(token) {
      const m = /^([fbiot])([0-9]{1,10})-([0-9]{1,12})-([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return null;
      const [, kindKey = '', id = '', expires = '', signature = ''] = m;
      const kind = KINDS[kindKey];
      if (!kind) return null;
      const payload = `${kindKey}${id}-${expires}`;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (Number(expires) * 1000 <= now().getTime()) return null;
      return { kind, id: Number(id) };
    },
  };
}
