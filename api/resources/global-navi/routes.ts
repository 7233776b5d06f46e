// Global navigation and its badges (spec 000 section 7, /api/GlobalNavi/*).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { effectiveIds, targetDateFor } from '../../authority/caller';
import { loadPermissions } from '../../authority/permissions';
import { BadgesAnswer, BadgesBody, GlobalNaviAnswer, GlobalNaviBody } from '../../../schemas/wire/navigation';
import { viewerOf } from '../../authority/visibility';
import { can } from '../../authority/permissions';
import { countNotificationBadges, loadNaviRows } from './repository';
import { CATEGORY } from '../../../schemas/categories';

export default async function navigationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/GlobalNavi/getGlobalNaviData',
    {
      schema: {
        body: GlobalNaviBody,
        response: { 200: GlobalNaviAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { agCode } = effectiveIds(caller);
      const date = targetDateFor(caller, request.body.targetDate, app.clock);
      // While acting as an agent the navigation is that agent's, filtered by its permissions.
      const holder = caller.pseudo ?? caller;
      const allowed = new Set(
        (await loadPermissions(app.db, holder)).filter((p) => p.parmitionFlg === '1').map((p) => p.categoryId),
      );
      const rows = (await loadNaviRows(app.db, agCode, date)).filter(
        (r) => r.categoryId === CATEGORY.OTHER || allowed.has(r.categoryId),
      );
      const present = new Set(rows.filter((r) => r.parentId === null).map((r) => r.categoryId));
      return {
        adminManualUrl: caller.isAdmin ? app.config.adminManualUrl : '',
        globalNav: rows
          .filter((r) => r.parentId === null || present.has(r.parentId)) // no orphans under a hidden parent
          .map((r) => ({
            categoryId: r.categoryId,
            categoryName: r.name,
            parentId: r.parentId ?? ('' as const),
            displayOrder: r.order,
            linkUrl: r.url,
            isSaparateTab: r.separateTab,
          })),
      };
    },
  );

  app.post(
    '/api/GlobalNavi/getNotificationBadges',
    {
      schema: {
        body: BadgesBody,
        response: { 200: BadgesAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const viewer = viewerOf(caller, request.body.targetDate, app.clock);
      // Supplier staff who receive requests (not while acting as an agent) see their new ones.
      const receiver =
        caller.isProvider && !caller.pseudo && (await can(app.db, caller, CATEGORY.APPLICATIONS_PROVIDER));
      const rows = await countNotificationBadges(app.db, viewer, receiver);
      return { notificationList: rows.map((r) => ({ categoryId: r.categoryId, notificationNum: r.count })) };
    },
  );
}
