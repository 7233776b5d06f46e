// Site-search categories for the header dropdown (/api/SiteSearch/getCategoryList):
// the searchable content categories the caller may read.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { loadPermissions } from '../../authority/permissions';
import { Body, CallerIds } from '../../http/wire';

export default async function siteSearchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/SiteSearch/getCategoryList',
    {
      schema: {
        body: Body(CallerIds),
        response: { 200: Type.Object({ categoryListData: Type.Array(Type.Object({ categoryId: Type.Number(), categoryName: Type.String() })) }) },
      },
    },
    async (request) => {
      const permissions = await loadPermissions(app.db, request.caller!);
      return {
        categoryListData: permissions
          .filter((p) => p.isSearchCategory && p.parmitionFlg === '1')
          .map((p) => ({ categoryId: p.categoryId, categoryName: p.categoryName })),
      };
    },
  );
}
