// The caller's per-category permissions (spec 000 section 7, /api/Parmition/getUserParmition).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { UserPermissionAnswer, UserPermissionBody } from '../../../schemas/wire/auth';
import { loadPermissions } from '../../authority/permissions';

export default async function permissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/Parmition/getUserParmition',
    { schema: { body: UserPermissionBody, response: { 200: UserPermissionAnswer } } },
    async (request) => ({ userParmition: await loadPermissions(app.db, request.caller!) }),
  );
}
