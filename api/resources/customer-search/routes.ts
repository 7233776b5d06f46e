// Registered company search (spec 001 登録企業検索, /customer-serch):
//   /api/CustomerSerch/getInitialDisplayData → resultModel {formText, importDate}
//   /api/CustomerSerch/getCustomerCount {customerName, address1, address2} → customerCount
// The conditions are the declared form schemas/forms/customer-serch.json: its rules run here
// again (name required and character-checked, address checked), and the prefecture must be one
// of its dropdown's values. The search itself is api/companies/query.ts (bigram index).
// Needs the permission of category 117 (provider administrators).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { can } from '../../authority/permissions';
import { countCompanies } from '../../companies/query';
import { latestImport } from '../../companies/store';
import { companyText } from '../../companies/text';
import { tokyoDateSlash } from '../../clock';
import { enforceForm } from '../../forms/enforce';
import { formOf } from '../../forms/registry';
import { problem } from '../../http/problems';
import { Body, CallerIds } from '../../http/wire';
import { CATEGORY } from '../../../schemas/categories';

const FORM_ID = 'customer-serch';

const Text = (description: string) => Type.Optional(Type.String({ maxLength: 255, description }));

/** The explanation above the conditions, with the size of the register. */
export function formTextOf(companyCount: number): string {
  return [
    `登録企業（${companyCount.toLocaleString('ja-JP')}社）の中から、条件に該当する企業の件数を表示します。`,
    '会社名は一部だけでも検索できます（全角・半角、スペースの有無は区別しません）。都道府県と住所で絞り込むこともできます。',
  ].join('');
}

export default async function customerSearchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const prefectures = new Set(
    (formOf(app.definitions, FORM_ID).schema.properties.address1?.enum as string[] | undefined) ?? [],
  );

  const authorize = async (caller: Parameters<typeof can>[1]) => {
    if (!(await can(app.db, caller, CATEGORY.CUSTOMER_SEARCH))) throw problem.forbidden();
  };

  app.post(
    '/api/CustomerSerch/getInitialDisplayData',
    {
      schema: {
        description:
          'The explanation (formText) and the date of the last import of registered companies (importDate, yyyy/MM/dd; "" before the first import).',
        body: Body({ ...CallerIds }),
        response: {
          200: Type.Object({ resultModel: Type.Object({ formText: Type.String(), importDate: Type.String() }) }),
        },
      },
    },
    async (request) => {
      await authorize(request.caller!);
      const last = await latestImport(app.db);
      const count = await app.db
        .selectFrom('registered_companies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return {
        resultModel: {
          formText: formTextOf(Number(count.n)),
          importDate: last ? tokyoDateSlash(last.imported_at) : '',
        },
      };
    },
  );

  app.post(
    '/api/CustomerSerch/getCustomerCount',
    {
      config: { form: FORM_ID },
      schema: {
        description:
          'How many registered companies match: customerName a part of the name (required), address1 a prefecture (or ""), address2 a part of prefecture + address. Full- and half-width forms and spaces do not matter. 0: the screen says WRN_0003.',
        body: Body({
          ...CallerIds,
          customerName: Text('A part of the company name'),
          address1: Text("Prefecture (都道府県), one of the form's choices"),
          address2: Text('A part of the address'),
        }),
        response: { 200: Type.Object({ customerCount: Type.Number() }) },
      },
    },
    async (request) => {
      await authorize(request.caller!);
      const { customerName = '', address1 = '', address2 = '' } = request.body;
      await enforceForm(
        app,
        FORM_ID,
        { customerName, address1, address2 },
        {
          serverChecks: () => [
            // Only spaces is no name (spaces do not count in matching), not "every company".
            ...(customerName !== '' && companyText(customerName) === ''
              ? [{ field: 'customerName', messageId: 'ERR_0001', args: ['会社名'] }]
              : []),
            ...(address1 !== '' && !prefectures.has(address1)
              ? [{ field: 'address1', messageId: 'ERR_0025', args: ['都道府県'] }]
              : []),
          ],
        },
      );
      return {
        customerCount: await countCompanies(app.db, { name: customerName, prefecture: address1, address: address2 }),
      };
    },
  );
}
