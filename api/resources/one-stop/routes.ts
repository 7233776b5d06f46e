// The one-stop guide (spec 000 /one-stop-gide; spec 001 "One-stop guide top management", sections
// 4, 5, 7):
//   /api/OneStopGide/getOneStopGideList      agents: the category blocks, the contents the provider
//                                            chose for each (only what the agent may see), the tags,
//                                            and with a keyword or tags the matching contents
//   /api/OneStopGideKanri/getInitialData     the categories
//   /api/OneStopGideKanri/getContentsList    a category's contents with their display-target order
//   /api/OneStopGideKanri/createDisplayTarget  the block's display targets, in order: served by the
//                                            form engine (schemas/forms/one-stop-gide-kanri.json store,
//                                            hook api/resources/one-stop/hook.ts)
// Agents need the one-stop guide permission (9) and see the blocks of the content categories
// they may read; management needs one-stop guide top management (115). The management rules are
// those of schemas/forms/one-stop-gide-kanri.json, run again here.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { normalizeSearchKeyword, validateSearchKeyword } from '../../../schemas/rules/keyword';
import { can, loadPermissions } from '../../authority/permissions';
import { viewerOf } from '../../authority/visibility';
import { slashDate, WireId } from '../content/wire';
import { enforceForm } from '../../forms/enforce';
import { ONE_STOP_CATEGORIES } from '../content/rules';
import { problem } from '../../http/problems';
import { Body, CallerIds } from '../../http/wire';
import { searchTerms } from '../../search/normalise';
import { searchContents } from '../../search/query';
import { tagListOf } from '../site-search/repository';
import {
  OneStopAnswer,
  OneStopCategoriesAnswer,
  OneStopContentsAnswer,
  OneStopListBody,
} from '../../../schemas/wire/one-stop';
import {
  candidatesOf,
  displayTargetCounts,
  oneStopCategories,
  visibleDisplayTargets,
  type OneStopCategory,
} from './repository';
import { CATEGORY } from '../../../schemas/categories';

const FORM = 'one-stop-gide-kanri';
const SEARCH_NAME = 'ワンストップガイド';

const toId = (v: number | string) => (typeof v === 'number' ? v : Number(v));

export default async function oneStopRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const blockOf = (c: OneStopCategory, dispCount: number) => ({
    categoryId: c.categoryId,
    categoryName: c.categoryName,
    imgFileName: c.thumbnailId ? app.mediaUrls.pathFor({ kind: 'thumbnail', id: c.thumbnailId }) : '',
    dispCount,
    description: c.description,
  });

  app.post(
    '/api/OneStopGide/getOneStopGideList',
    {
      schema: {
        description:
          'The one-stop guide top for the caller (the pseudo agent while acting as one): blocks, their chosen contents, tags; with keyword or narrowTags also the matching contents of the one-stop categories (20 a page on screen)',
        body: OneStopListBody,
        response: {
          200: OneStopAnswer,
        },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const holder = caller.pseudo ?? caller;
      if (!(await can(app.db, holder, CATEGORY.ONE_STOP_GUIDE))) throw problem.forbidden();
      const b = request.body;
      const keyword = normalizeSearchKeyword(b.keyword ?? '');
      const messages = validateSearchKeyword(keyword, { field: 'keyword', label: 'キーワード', required: false });
      if (messages.length) throw problem.validation(messages);

      const readable = (await loadPermissions(app.db, holder))
        .filter((p) => p.parmitionFlg === '1' && ONE_STOP_CATEGORIES.has(p.categoryId))
        .map((p) => p.categoryId);
      const blocks = await oneStopCategories(app.db, readable);
      const ids = blocks.map((c) => c.categoryId);
      const viewer = viewerOf(caller, b.targetDate, app.clock);
      const tagIds = [...new Set((b.narrowTags ?? []).map(toId))];
      const terms = searchTerms(keyword);
      const searching = terms.length > 0 || tagIds.length > 0;
      const [items, tagListData, result] = await Promise.all([
        visibleDisplayTargets(app.db, viewer, ids),
        tagListOf(app.db, ids, new Set(tagIds)),
        searching
          ? searchContents(app.db, viewer, { terms, categoryIds: ids, tagIds, period: 'current', withEditPath: false })
          : Promise.resolve({ tooMany: false as const, rows: [] }),
      ]);
      if (result.tooMany) throw problem.tooManyResults(SEARCH_NAME);
      const counts = new Map<number, number>();
      for (const i of items) counts.set(i.category_id, (counts.get(i.category_id) ?? 0) + 1);
      return {
        categoryListData: blocks.map((c) => blockOf(c, counts.get(c.categoryId) ?? 0)),
        oneStopGideListData: items.map((i) => ({
          categoryId: i.category_id,
          contentsId: i.content_id,
          subCategoryName: i.sub_category_name ?? '',
          title: i.title,
          keisaikikanStart: slashDate(i.keisai_start),
          keisaikikanEnd: slashDate(i.keisai_end),
          displayTargetFlag: true,
          displayOrder: i.display_order,
          detailPath: i.detail_path,
          newFlg: !!i.new_flg,
        })),
        containtsListData: result.rows,
        tagListData,
      };
    },
  );

  async function mayManage(request: { caller?: Parameters<typeof can>[1] | null }) {
    if (!(await can(app.db, request.caller!, CATEGORY.ONE_STOP_GUIDE_MGT))) throw problem.forbidden();
  }

  /** A one-stop category of the body, after the form's rules (ERR_0001) and the server's (ERR_0006). */
  async function categoryOf(value: number | string | undefined): Promise<number> {
    await enforceForm(app, FORM, { categoryId: value === undefined ? '' : String(value) }, { fields: ['categoryId'] });
    const id = toId(value!);
    if (!ONE_STOP_CATEGORIES.has(id) || !(await oneStopCategories(app.db, [id])).length)
      throw problem.validation([{ messageId: 'ERR_0006', args: ['カテゴリ'] }]);
    return id;
  }

  app.post(
    '/api/OneStopGideKanri/getInitialData',
    {
      schema: {
        description: 'The one-stop categories of the management screen, with how many contents each block shows',
        body: Body({ ...CallerIds }),
        response: { 200: OneStopCategoriesAnswer },
      },
    },
    async (request) => {
      await mayManage(request);
      const [blocks, counts] = await Promise.all([oneStopCategories(app.db), displayTargetCounts(app.db)]);
      return { categoryListData: blocks.map((c) => blockOf(c, counts.get(c.categoryId) ?? 0)) };
    },
  );

  app.post(
    '/api/OneStopGideKanri/getContentsList',
    {
      schema: {
        description:
          "Every content of the category (any posting period or target) with its place among the block's display targets, newest first",
        body: Body({
          ...CallerIds,
          categoryId: Type.Optional(Type.Union([WireId('One-stop category'), Type.Literal('')])),
        }),
        response: { 200: OneStopContentsAnswer },
      },
    },
    async (request) => {
      await mayManage(request);
      const categoryId = await categoryOf(request.body.categoryId);
      const rows = await candidatesOf(app.db, categoryId);
      return {
        oneStopGideList: rows.map((r) => ({
          categoryId: r.category_id,
          contentsId: r.content_id,
          subCategoryName: r.sub_category_name ?? '',
          title: r.title,
          keisaikikanStart: slashDate(r.keisai_start),
          keisaikikanEnd: slashDate(r.keisai_end),
          displayTargetFlag: r.display_order !== null,
          displayOrder: r.display_order ?? 0,
        })),
      };
    },
  );
}
