// The search is served from the bigram index, not a scan of the text (issue 5), on whichever
// database the tests run against: EXPLAIN of the real query over a generated corpus.
import t from 'tap';
import { CompiledQuery } from 'kysely';
import type { Viewer } from '../../api/authority/visibility';
import { rebuildSearchIndex } from '../../api/search/index-content';
import { searchTerms } from '../../api/search/normalise';
import { foundQuery, type SearchCriteria } from '../../api/search/query';
import { generateContents } from '../bench/corpus';
import { createTestApp } from '../helpers/test-app';
import { TODAY } from '../helpers/portal';
import { SEARCH_CATEGORY_IDS } from '../helpers/search';

t.test('EXPLAIN: keywords use the GIN index of search_documents', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  await generateContents(h.db, { n: 6000, today: TODAY, seed: 7 });
  const rebuilt = await rebuildSearchIndex(h.db);
  t.ok(rebuilt.documents > 6000, `index rebuilt: ${rebuilt.documents} documents in ${rebuilt.ms} ms`);

  const viewer: Viewer = {
    userId: '0000000003',
    agCode: 'A0000001',
    date: TODAY,
    isAdmin: false,
    seesAllTargets: false,
  };
  const criteria = (keyword: string): SearchCriteria => ({
    terms: searchTerms(keyword),
    categoryIds: SEARCH_CATEGORY_IDS,
    tagIds: [],
    period: 'current',
    withEditPath: false,
  });
  const plan = async (keyword: string) => {
    const q = foundQuery(h.db, viewer, criteria(keyword)).compile();
    const res = await h.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]),
    );
    return res.rows.map((r) => Object.values(r)[0]).join('\n');
  };

  for (const keyword of ['稟議', '検収', '提案書', '稟議 様式']) {
    const text = await plan(keyword);
    t.match(text, /Bitmap Index Scan on search_documents_bigrams_idx/, `${keyword}: the bigram index`);
    t.notMatch(text, /Seq Scan on search_documents/, `${keyword}: no scan of the document text`);
    t.notMatch(text, /Seq Scan on contents/, `${keyword}: no scan of contents`);
    if (!/Bitmap Index Scan on search_documents_bigrams_idx/.test(text)) t.comment(text);
  }
  const scan = foundQuery(h.db, viewer, criteria('稟議'), 'scan').compile();
  const baseline = (
    await h.db.executeQuery<Record<string, string>>(CompiledQuery.raw(`explain ${scan.sql}`, [...scan.parameters]))
  ).rows
    .map((r) => Object.values(r)[0])
    .join('\n');
  t.notMatch(baseline, /search_documents_bigrams_idx/, 'the ILIKE baseline of the benchmark cannot use it');
});
