// The address of a banner's image: the signed media path (api/files/media-url.ts) with a
// cache-busting time parameter (spec 001 section 7), the banner's last save, so a replaced image
// shows at once although the signed path stays the same for up to an hour and is cached.
import type { FastifyInstance } from 'fastify';

export function bannerImageUrl(
  app: FastifyInstance,
  bannerId: number,
  updatedAt: Date | string | null | undefined,
): string {
  const t = updatedAt instanceof Date ? updatedAt.getTime() : updatedAt ? new Date(updatedAt).getTime() : 0;
  return `${app.mediaUrls.pathFor({ kind: 'banner', id: bannerId })}?t=${Number.isFinite(t) ? t : 0}`;
}
