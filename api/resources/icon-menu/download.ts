// /api/download/iconMenu (spec 001 section 7): a stored icon menu image by its file name, for
// the icon menu management screen (permission 105). The screen asks only for a name it loaded
// (ERR_0037 otherwise); a name no row holds is 404. Recorded in the operation log (type 05).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { can } from '../../authority/permissions';
import { contentDisposition } from '../../files/content-disposition';
import { HttpProblem, messagesBody, problem } from '../../http/problems';
import { Body, CallerIds } from '../../http/wire';
import { OperationType, recordOperation } from '../../logs/operation-log';
import { CATEGORY } from '../../../schemas/categories';

export async function iconMenuImageDownloadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/download/iconMenu',
    {
      schema: {
        body: Body({
          ...CallerIds,
          fileName: Type.String({ minLength: 1, maxLength: 255 }),
          screenName: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: Type.String({ format: 'binary', description: 'The image; its name in Content-Disposition' }) },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply; // the answer is a stream
      const caller = request.caller!;
      if (!(await can(app.db, caller, CATEGORY.ICON_MENU))) throw problem.forbidden();
      const name = request.body.fileName;
      const row = await app.db
        .selectFrom('icon_menu_rows')
        .select([
          'image_normal_name',
          'image_normal_key',
          'image_normal_type',
          'image_over_name',
          'image_over_key',
          'image_over_type',
        ])
        .where((eb) => eb.or([eb('image_normal_name', '=', name), eb('image_over_name', '=', name)]))
        .orderBy('row_id', 'desc')
        .executeTakeFirst();
      if (!row) throw new HttpProblem(404, messagesBody([{ messageId: 'ERR_0009', args: ['ファイル'] }]));
      const normal = row.image_normal_name === name;
      const key = normal ? row.image_normal_key : row.image_over_key;
      await recordOperation(app.db, {
        source: 'server',
        userId: caller.userId,
        agCode: caller.agCode,
        actionTime: app.clock.now(),
        operationType: OperationType.file,
        fromScreenName: request.body.screenName,
        controlName: 'download',
        actionDetail: 'icon menu image',
        genericField3: name,
        ip: request.ip,
      });
      return reply
        .header('Content-Type', normal ? row.image_normal_type : row.image_over_type)
        .header('Content-Disposition', contentDisposition(name))
        .header('Cache-Control', 'no-store')
        .send(await app.storage.get(key));
    },
  );
}
