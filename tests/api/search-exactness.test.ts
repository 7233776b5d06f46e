// Site search finds exactly the right contents (issue 5): planted contents whose hits are known by
// construction (keyword in title, tag, sub-category, body; only in an attribute, a comment, a
// script or across two paragraphs; full-width and half-width; katakana; out of period; targeted;
// deleted), the ranking of おすすめ順, and an oracle over every seeded content.
import t from 'tap';
import { createTestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/portal';
import { oracle, plantContents, search, SEARCH_CATEGORY_IDS, type Planted } from '../helpers/search';
import { reindexContent } from '../../api/search/index-content';
import { htmlToText, normalizeText } from '../../api/search/normalise';
import { rng } from '../bench/corpus';
import { present } from '../helpers/indexing';

const entity = (s: string) => [...s].map((ch) => `&#${ch.codePointAt(0)};`).join('');

const PLANTED: Planted[] = [
  { key: 'title', title: '棚札の運用ルール', body: '<p>店頭表示の手順です。</p>', start: -10 },
  { key: 'segment', title: '棚札の掲示（首都圏）', target: { segment: '首都圏代理店' }, start: -3 },
  { key: 'tag', title: '試験文書 タグ', tags: ['棚札管理'], start: -10 },
  { key: 'sub', title: '試験文書 サブカテゴリ', sub: '棚札・表示', start: -10 },
  { key: 'body', title: '試験文書 本文', body: '<p>売場の<strong>棚札</strong>を交換してください。</p>', start: -1 },
  { key: 'inline', title: '試験文書 装飾', body: '<p>新しい棚<em>札</em>です。</p>', start: -2, category: 4 },
  { key: 'entity', title: '試験文書 文字参照', body: `<p>${entity('棚札')}の交換</p>`, start: -4 },
  { key: 'paragraphs', title: '試験文書 段落', body: '<p>陳列棚</p><p>札幌営業所</p>' },
  {
    key: 'attribute',
    title: '試験文書 属性',
    body: '<p><a href="/tana/棚札" title="棚札">リンク</a><img alt="棚札" src="/x.png"></p>',
  },
  {
    key: 'comment',
    title: '試験文書 注釈',
    body: '<p>本文<!-- 棚札 --></p><script>var x = "棚札";</script><style>.棚札{}</style>',
  },
  { key: 'expired', title: '棚札（終了）', start: -40, end: -5 },
  { key: 'future', title: '棚札（予定）', start: 5 },
  { key: 'minato', title: '棚札（みなと事務機様）', target: { agents: ['A0000002'] } },
  { key: 'deleted', title: '棚札（削除済み）', deleted: true },
  { key: 'adminNotice', title: '棚札（管理者様）', category: 12 },
  { key: 'kataFull', title: '試験文書 カナ1', body: '<p>ロジスティクス改善の事例</p>' },
  { key: 'kataHalf', title: '試験文書 カナ2', body: '<p>ﾛｼﾞｽﾃｨｸｽ改善の手順</p>' },
  { key: 'hiragana', title: '試験文書 かな', body: '<p>ろじすてぃくすの話</p>' },
  { key: 'qrFull', title: 'ＱＲコード２０２６の読み取り' },
  { key: 'qrHalf', title: '試験文書 英数', body: '<p>qrコード2026対応の端末</p>' },
  { key: 'kenshu', title: '試験文書 三文字', body: '<p>検収書を提出してください。</p>' },
  { key: 'kenshuNear', title: '試験文書 三文字近似', body: '<p>検収の後に領収書を発行します。</p>' },
  { key: 'ringi', title: '稟議書様式の改訂' },
  { key: 'ringiNear', title: '試験文書 五文字近似', body: '<p>稟議書の様式は別紙です。</p>' },
  { key: 'amp', title: '試験文書 記号', body: '<p>A&amp;B社向けのご案内</p>' },
  { key: 'percent', title: '試験文書 百分率', body: '<p>全品10%OFF</p>' },
  { key: 'percentNear', title: '試験文書 百分率近似', body: '<p>全品100OFF</p>' },
  { key: 'underscore', title: '試験文書 下線', body: '<p>a_b形式のファイル</p>' },
  { key: 'underscoreNear', title: '試験文書 下線近似', body: '<p>axb形式のファイル</p>' },
];

t.test('site search exactness', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const ids = await plantContents(h, PLANTED);
  const agent = await signInAs(h, 'demo-agent'); // A0000001, segment 首都圏代理店
  const agent2 = await signInAs(h, 'demo-agent2'); // A0000002
  const keys = (list: number[]) => list.map((id) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? `seed:${id}`);
  const found = async (keyword: string, s = agent, extra: Record<string, unknown> = {}) =>
    keys((await search(s, { keyword, ...extra })).ids).sort();

  await t.test('a two-character keyword: every field, nothing hidden in markup, visibility applied', async (t) => {
    t.same(await found('棚札'), ['body', 'entity', 'inline', 'segment', 'sub', 'tag', 'title'].sort(), 'demo-agent');
    t.same(
      await found('棚札', agent2),
      ['body', 'entity', 'inline', 'minato', 'sub', 'tag', 'title'].sort(),
      'demo-agent2: its own targeted content, not the segment one',
    );
  });

  await t.test('おすすめ順: title > tags > sub-category > body, then posting start, then content id', async (t) => {
    const res = await search(agent, { keyword: '棚札' });
    t.same(keys(res.ids), ['segment', 'title', 'tag', 'sub', 'body', 'inline', 'entity']);
    t.same(
      res.rows.map((r) => r.serchScore),
      [8, 8, 4, 2, 1, 1, 1],
    );
    const two = await search(agent, { keyword: '棚札 交換' });
    t.same(keys(two.ids), ['body', 'entity'], 'two terms: both must be found');
    t.same(
      two.rows.map((r) => r.serchScore),
      [2, 2],
      'each term adds its score',
    );
  });

  await t.test('katakana and width', async (t) => {
    t.same(
      await found('ロジスティクス'),
      ['kataFull', 'kataHalf'],
      'katakana finds full-width and half-width katakana',
    );
    t.same(await found('ﾛｼﾞｽﾃｨｸｽ'), ['kataFull', 'kataHalf'], 'a half-width keyword too');
    t.same(await found('ろじすてぃくす'), ['hiragana'], 'hiragana is not folded into katakana');
    t.same(await found('QRコード2026'), ['qrFull', 'qrHalf'], 'half-width alphanumerics find full-width ones');
    t.same(await found('ＱＲコード２０２６'), ['qrFull', 'qrHalf'], 'and the other way round');
    t.same(await found('qr'), ['qrFull', 'qrHalf'], 'case does not matter');
  });

  await t.test('three and five characters are rechecked, not only their bigrams', async (t) => {
    t.same(await found('検収書'), ['kenshu'], '検収 and 収書 apart do not make 検収書');
    t.same(await found('検収'), ['kenshu', 'kenshuNear']);
    t.same(await found('稟議書様式'), ['ringi']);
    t.same(await found('稟議書'), ['ringi', 'ringiNear']);
  });

  await t.test('search syntax and LIKE wildcards are plain characters', async (t) => {
    t.same(await found('A&B'), ['amp'], 'an entity in the body, the special character in the keyword');
    t.same(await found('Ａ＆Ｂ'), ['amp'], 'the full-width form the keyword rule produces');
    t.same(await found('10%'), ['percent'], '% is not a wildcard');
    t.same(await found('a_b'), ['underscore'], '_ is not a wildcard');
  });

  await t.test('a saved content is searchable at once; a rolled-back one never', async (t) => {
    const more = await plantContents(h, [{ key: 'late', title: '監査証跡の保存期間' }]);
    t.same((await search(agent, { keyword: '監査証跡' })).ids, [more.late], 'found in the next search');
    await h.db
      .transaction()
      .execute(async (trx) => {
        const { content_id } = await trx
          .insertInto('contents')
          .values({ category_id: 5, title: '監査証跡（取消）', keisai_start: '2026-01-01', last_update: '2026-01-01' })
          .returning('content_id')
          .executeTakeFirstOrThrow();
        await reindexContent(trx, content_id);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    t.same((await search(agent, { keyword: '監査証跡' })).ids, [more.late], 'the rolled-back content is not found');
    await h.db
      .updateTable('contents')
      .set({ title: '保存期間の規程' })
      .where('content_id', '=', present(more.late, 'more.late'))
      .execute();
    await reindexContent(h.db, present(more.late, 'more.late'));
    t.same((await search(agent, { keyword: '監査証跡' })).ids, [], 'an edited title is reindexed');
    await h.db
      .updateTable('contents')
      .set({ deleted_at: new Date() })
      .where('content_id', '=', present(more.late, 'more.late'))
      .execute();
    await reindexContent(h.db, present(more.late, 'more.late'));
    t.equal(
      (
        await h.db
          .selectFrom('search_documents')
          .select('content_id')
          .where('content_id', '=', present(more.late, 'more.late'))
          .execute()
      ).length,
      0,
      'a deleted content leaves the index',
    );
  });

  await t.test('the oracle agrees for keywords of 2, 3 and 5 characters taken from the seeded contents', async (t) => {
    // Substrings of the visible texts (so most keywords have hits), seeded for a stable test.
    const r = rng(5);
    const texts = (
      await h.db.selectFrom('contents').select(['title', 'body_html']).where('deleted_at', 'is', null).execute()
    ).flatMap((c) => [normalizeText(c.title), normalizeText(htmlToText(c.body_html))]);
    const keywords = new Set<string>([
      '研修',
      '申請',
      '提案',
      '請求',
      '配送',
      'コピー用紙',
      '新商品',
      'トナー',
      'FAQ',
      'ｷｬﾝﾍﾟｰﾝ',
      '受発注 システム',
    ]);
    while (keywords.size < 60) {
      const text = r.pick(texts);
      const len = r.pick([2, 3, 5]);
      if (text.length < len) continue;
      const at = r.int(0, text.length - len);
      const kw = text.slice(at, at + len);
      if (!/\s/.test(kw) && [...kw].length === len) keywords.add(kw);
    }
    let mismatches = 0;
    for (const keyword of keywords) {
      for (const s of [agent, agent2]) {
        const res = await search(s, { keyword });
        const expected = await oracle(h, s.agCode, keyword, SEARCH_CATEGORY_IDS);
        const got = new Map(res.rows.map((row) => [row.contentId, row.serchScore]));
        const same =
          res.status === 200 &&
          got.size === expected.size &&
          [...expected].every(([id, score]) => got.get(id) === score);
        if (!same) {
          mismatches++;
          t.fail(
            `${s.loginId} ${JSON.stringify(keyword)}: got ${res.status} ${JSON.stringify([...got])}, expected ${JSON.stringify([...expected])}`,
          );
        }
      }
    }
    t.equal(mismatches, 0, `${keywords.size} keywords × 2 agents: same contents and scores as the oracle`);
  });
});
