// The search is served from the bigram index, not a scan of the text (issue 5), on whichever
// database the tests run against: EXPLAIN of the real query over a generated corpus.
import t from 'tap';
import { CompiledQuery } from 'kysely';
import type { Viewer } from '../../api/authority/visibility';
import { rebuildSearchIndex } from '../../api/search/index-content';
import { searchTerms } from '../../api/search/normalise';
import { foundQuery, searchContents, searchQuery, type SearchCriteria } from '../../api/search/query';
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

  // An answer over the maximum (416) reads the ids and their count only: the rows part of the
  // statement (contents, documents, score) sits behind a gate the database checks once.
  const frequent = 'につ';
  t.equal((await searchContents(h.db, viewer, criteria(frequent))).tooMany, true, `${frequent}: more than the maximum`);
  const q = searchQuery(h.db, viewer, criteria(frequent)).compile();
  const analyzed = (
    await h.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`explain (analyze, costs off, timing off) ${q.sql}`, [...q.parameters]),
    )
  ).rows.map((r) => String(Object.values(r)[0]));
  const gate = analyzed.findIndex((line) => /One-Time Filter/.test(line));
  t.ok(gate > 0, `${frequent}: the rows part is gated on the count`);
  const rowsPart = analyzed.slice(gate + 1).filter((line) => /->/.test(line));
  t.ok(
    rowsPart.some((line) => /contents/.test(line)),
    'the gated part reads contents',
  );
  t.same(
    rowsPart.filter((line) => !/never executed/.test(line)),
    [],
    `${frequent}: nothing behind the gate runs (no row read, nothing scored)`,
  );
  if (gate <= 0) t.comment(analyzed.join('\n'));
});
