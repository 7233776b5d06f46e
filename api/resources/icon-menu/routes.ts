// The portal top icon menu (/api/IconMenu/getIconMenuyList), resolved for the effective agent
// on the target date.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { effectiveIds, targetDateFor } from '../../authority/caller';
import { IconMenuAnswer, IconMenuBody } from '../../../schemas/wire/portal';
import { loadIconMenu } from './repository';

export default async function iconMenuRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/IconMenu/getIconMenuyList',
    {
      schema: {
        body: IconMenuBody,
        response: { 200: IconMenuAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const rows = await loadIconMenu(
        app.db,
        effectiveIds(caller).agCode,
        targetDateFor(caller, request.body.targetDate, app.clock),
      );
      return {
        iconMenuListData: rows.map((r) => ({
          menuId: r.row_id,
          menuName: r.menu_name,
          linkURL: r.link_url,
          isSaparateTab: r.is_separate_tab,
          imageFileNomal: app.mediaUrls.pathFor({ kind: 'icon', id: r.row_id }),
          imageFileOver: app.mediaUrls.pathFor({ kind: 'iconOver', id: r.row_id }),
        })),
      };
    },
  );
}
