// The caller's per-category permissions (spec 000 section 7, /api/Parmition/getUserParmition).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { loadPermissions } from '../../authority/permissions';
import { Body, CallerIds } from '../../http/wire';

const Permission = Type.Object({
  categoryId: Type.Number(),
  categoryName: Type.String(),
  categoryUrl: Type.String(),
  systemCategoryName: Type.String(),
  parmitionFlg: Type.String(),
});

export default async function permissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/Parmition/getUserParmition',
    { schema: { body: Body(CallerIds), response: { 200: Type.Object({ userParmition: Type.Array(Permission) }) } } },
    async (request) => ({ userParmition: await loadPermissions(app.db, request.caller!) }),
  );
}
