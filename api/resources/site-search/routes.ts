// Site search (spec 000 §2 "Site search results", §5, §7, §9; docs/search.md):
//   /api/SiteSearch/getCategoryList   the categories of the header dropdown
//   /api/SiteSearch/getContentsList   the results of a keyword search or a category listing,
//                                     with the tags of the side panel
//   /api/SiteSearch/openResult        a result of a keyword search was opened (docs/insight.md)
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Message } from '../../../schemas/messages/format';
import { normalizeSearchKeyword, validateSearchKeyword } from '../../../schemas/rules/keyword';
import { isProviderAdmin, parseWireDate } from '../../authority/caller';
import { loadPermissions } from '../../authority/permissions';
import { viewerOf } from '../../authority/visibility';
import { problem } from '../../http/problems';
import { searchTerms } from '../../search/normalise';
import { SEARCH_MAX_RESULTS, type SearchCriteria } from '../../search/query';
import { cachedSearch } from '../../search/result-cache';
import {
  registerResultOpen,
  registerSearchHistory,
  searchableCategories,
  tagListOf,
  withChildCategories,
} from './repository';
import { CATEGORY } from '../../../schemas/categories';
import {
  ContentsListAnswer,
  ContentsListBody,
  SearchCategoryListAnswer,
  SearchCategoryListBody,
} from '../../../schemas/wire/search';
import { perUserPerMinute } from '../../security/rate-limit';
import { SearchOpenBody } from '../../../schemas/wire/insight';
import { EmptyResponse } from '../../http/wire';

export const SEARCH_NAME = 'サイト内検索';
export const KEYWORD_LABEL = 'キーワード';
export const NARROW_KEYWORD_LABEL = '絞り込みキーワード';
export const POST_FROM_LABEL = '掲載期間From';
export const POST_TO_LABEL = '掲載期間To';
/** Fallbacks of an open posting-date range (spec 000 §5, §9). */
export const DEFAULT_FROM = '2001-01-01';
export const DEFAULT_TO = '9999-12-31';

const toId = (v: number | string) => (typeof v === 'number' ? v : Number(v));

export default async function siteSearchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/SiteSearch/getCategoryList',
    {
      schema: {
        body: SearchCategoryListBody,
        response: { 200: SearchCategoryListAnswer },
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

  app.post(
    '/api/SiteSearch/getContentsList',
    {
      config: { rateLimit: perUserPerMinute('search') },
      schema: {
        body: ContentsListBody,
        response: { 200: ContentsListAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const b = request.body;
      const categoryId = b.categoryId === undefined || b.categoryId === '' ? null : toId(b.categoryId);
      const keyword = normalizeSearchKeyword(b.keyword ?? '');
      const narrowKeyword = normalizeSearchKeyword(b.narrowKeyword ?? '');

      // Rules (spec 000 §5): every message at once, as the screen would show them.
      const messages: Message[] = [];
      if (keyword !== '' || categoryId === null)
        messages.push(...validateSearchKeyword(keyword, { field: 'keyword', label: KEYWORD_LABEL }));
      messages.push(
        ...validateSearchKeyword(narrowKeyword, {
          field: 'narrowKeyword',
          label: NARROW_KEYWORD_LABEL,
          required: false,
        }),
      );
      // The posting-date range and 掲載期間外も表示: provider administrators, or anyone on the notices category.
      const adminOptions = isProviderAdmin(caller) || categoryId === CATEGORY.NOTICES;
      let postedFrom: string | undefined;
      let postedTo: string | undefined;
      if (adminOptions && (b.postPeriodFrom || b.postPeriodTo)) {
        const from = b.postPeriodFrom ? parseWireDate(b.postPeriodFrom) : DEFAULT_FROM;
        const to = b.postPeriodTo ? parseWireDate(b.postPeriodTo) : DEFAULT_TO;
        if (from === null) messages.push({ messageId: 'ERR_0025', args: [POST_FROM_LABEL] });
        if (to === null) messages.push({ messageId: 'ERR_0025', args: [POST_TO_LABEL] });
        if (from && to && from > to) messages.push({ messageId: 'ERR_0005', args: [POST_FROM_LABEL, POST_TO_LABEL] });
        postedFrom = from ?? undefined;
        postedTo = to ?? undefined;
      }
      if (messages.length) throw problem.validation(messages);

      const allowed = await searchableCategories(app.db, caller);
      const allowedIds = new Set(allowed.map((c) => c.categoryId));
      if (categoryId !== null && !allowedIds.has(categoryId)) throw problem.forbidden();
      let categoryIds = categoryId !== null ? [categoryId] : [...allowedIds];
      if (b.isNarrowCategory && b.narrowCategorys?.length) {
        const narrow = new Set(await withChildCategories(app.db, b.narrowCategorys.map(toId)));
        categoryIds = categoryIds.filter((id) => narrow.has(id));
      }

      const viewer = viewerOf(caller, b.targetDate, app.clock);
      const period: SearchCriteria['period'] =
        adminOptions && b.isOutsidePostPeriod ? (isProviderAdmin(caller) ? 'any' : 'started') : 'current';
      const tagIds = [...new Set((b.narrowTags ?? []).map(toId))];
      const terms = [...searchTerms(keyword), ...searchTerms(narrowKeyword)];
      const criteria: SearchCriteria = {
        terms: [...new Set(terms)],
        categoryIds,
        tagIds,
        postedFrom,
        postedTo,
        period,
        withEditPath: isProviderAdmin(caller),
      };
      // A keyword that normalises to nothing (only invisible characters) finds nothing.
      const nothing = keyword !== '' && searchTerms(keyword).length === 0;
      // The tags of the categories searched before the category narrowing, so unchecking a
      // category keeps its tags. Read beside the search (a second connection on PostgreSQL).
      const tagScope = categoryId !== null ? [categoryId] : [...allowedIds];
      const [result, tagListData] = await Promise.all([
        nothing ? { tooMany: false as const, rows: [] } : cachedSearch(app.db, viewer, criteria),
        tagListOf(app.db, tagScope, new Set(tagIds)),
      ]);

      if (b.isRegSerchHistory && keyword !== '') {
        const p = caller.pseudo;
        await registerSearchHistory(app.db, {
          userId: caller.userId,
          agCode: caller.agCode,
          pseudoUserId: p?.userId ?? '',
          pseudoAgCode: p?.agCode ?? '',
          keyword,
          categoryId,
          resultCount: result.tooMany ? SEARCH_MAX_RESULTS + 1 : result.rows.length,
        });
      }
      if (result.tooMany) throw problem.tooManyResults(SEARCH_NAME);
      return { containtsListData: result.rows, tagListData };
    },
  );

  app.post(
    '/api/SiteSearch/openResult',
    { schema: { body: SearchOpenBody, response: { 200: EmptyResponse } } },
    async (request) => {
      const caller = request.caller!;
      const keyword = normalizeSearchKeyword(request.body.keyword);
      // Searches are registered under the signed-in user (registerSearchHistory above).
      if (keyword !== '')
        await registerResultOpen(app.db, {
          userId: caller.userId,
          agCode: caller.agCode,
          keyword,
          contentId: toId(request.body.contentId),
          at: app.clock.now(),
        });
      return {};
    },
  );
}
