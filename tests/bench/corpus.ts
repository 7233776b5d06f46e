// A generated corpus of Japanese portal contents for the search benchmark: titles and bodies
// built from the vocabulary of an office-supplies supplier (products, procedures, events),
// wrapped in the HTML the rich-text editor writes (paragraphs, lists, links with attributes,
// bold), with the categories, sub-categories, tags, posting periods and display targets
// (all / segment / agent codes) of real data. Deterministic for a seed.
import type { Insertable, Kysely } from 'kysely';
import type { ContentsTable, Database } from '../../api/db/schema';
import { nth } from '../helpers/indexing';

export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    // xorshift32
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => nth(list, Math.floor(next() * list.length)),
    chance: (p: number) => next() < p,
  };
}

const products = [
  'コピー用紙',
  'トナーカートリッジ',
  'インクカートリッジ',
  'クリアファイル',
  'リングバインダー',
  'オフィスチェア',
  'スチールデスク',
  '長形3号封筒',
  '角形2号封筒',
  'ボールペン',
  'シャープペンシル',
  '付箋',
  'ホッチキス',
  'シュレッダー',
  '書庫',
  'ロッカー',
  '梱包用テープ',
  '段ボール箱',
  '感熱ロール紙',
  'ラベルシール',
  'ホワイトボード',
  'パーティション',
  '除菌シート',
  'マスク',
  'ハンドソープ',
  'ゴミ袋',
  'ＬＥＤ照明',
  'ＵＳＢメモリ',
  'マウス',
  'キーボード',
  'モニターアーム',
  'ＯＡタップ',
  'ｶｯﾀｰﾅｲﾌ',
];
const topics = [
  '価格改定',
  '新商品',
  '配送',
  '在庫',
  '欠品',
  '受注',
  '発注',
  '請求',
  '支払',
  '返品',
  '交換',
  '見積',
  '契約',
  '申請',
  '提案',
  '研修',
  '説明会',
  '展示会',
  'セミナー',
  'キャンペーン',
  '販促',
  '棚卸',
  '決算',
  '監査',
  '与信',
  '納期',
  '出荷',
  '入荷',
  'システム',
  'メンテナンス',
  'アンケート',
  '表彰',
  '操作',
  '手順',
  '規程',
  '保守',
  '更新',
  '登録',
];
const subjects = ['代理店の皆さま', 'ご担当者さま', '営業ご担当者', '管理者の方', '新任のご担当者', '各営業所'];
const verbs = [
  'についてご案内いたします',
  'を実施いたします',
  'のお知らせです',
  'を開始いたします',
  'の変更についてお知らせします',
  'の手順をまとめました',
  'に関するお願い',
  'の受付を開始しました',
];
const fillers = [
  '詳細は添付資料をご確認ください。',
  'ご不明な点は担当営業までお問い合わせください。',
  '何卒ご理解とご協力をお願い申し上げます。',
  '対象期間中の受注分より適用となります。',
  '一部地域では配送に日数を要する場合がございます。',
  'お客様へのご案内にご活用ください。',
  '申込期限を過ぎた場合は受付できませんのでご注意ください。',
  '今後とも変わらぬお引き立てを賜りますようお願いいたします。',
  '本件に伴う追加のお手続きは不要です。',
  '以下のとおり変更となります。',
];
const regions = ['北海道', '東北', '関東', '首都圏', '中部', '近畿', '中国・四国', '九州・沖縄'];
const seasons = ['新年度', '春季', '夏季', '秋季', '冬季', '年末年始', '上期', '下期'];
/**
 * Words of 2, 3 and 5 characters placed with a known, low frequency (each in about 0.35% of the
 * contents), so that a keyword has a few hundred hits at 100,000 contents and the answer is a
 * list, not 416.
 */
export const RARE_WORDS = ['稟議', '廃番', '検収書', '棚札類', '源泉徴収票', '預託金規程'] as const;
/** A two-character word in about 1% of the contents: close to the maximum of one answer at 100,000. */
export const MID_WORD = '督促';

const CATEGORY_WEIGHTS: Array<[number, number]> = [
  [1, 30], // お知らせ
  [2, 14], // FAQ
  [3, 10], // 申請フォーム
  [4, 12], // 提案書
  [5, 14], // マニュアル
  [6, 12], // スキルアップ
  [7, 7.3], // イベント
  [8, 0.7], // 虎の巻: a category small enough to be listed whole
];

export interface CorpusOptions {
  n: number;
  seed?: number;
  /** yyyy-MM-dd the posting periods are placed around. */
  today: string;
}

export interface CorpusStats {
  contents: number;
  ms: number;
}

function addDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function pickCategory(r: ReturnType<typeof rng>): number {
  const total = CATEGORY_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let x = r.next() * total;
  for (const [id, w] of CATEGORY_WEIGHTS) {
    x -= w;
    if (x <= 0) return id;
  }
  return 1;
}

function sentence(r: ReturnType<typeof rng>): string {
  const p = r.pick(products);
  const t = r.pick(topics);
  switch (r.int(0, 5)) {
    case 0:
      return `${r.pick(seasons)}の${p}${t}${r.pick(verbs)}。`;
    case 1:
      return `${r.pick(subjects)}へ、${r.pick(regions)}地区における${t}の状況をお知らせします。`;
    case 2:
      return `${p}の${r.pick(topics)}と${t}について、${r.int(1, 12)}月${r.int(1, 28)}日より取扱いを変更します。`;
    case 3:
      return `型番${String.fromCharCode(65 + r.int(0, 25))}${r.int(100, 9999)}の${p}は${t}の対象です。`;
    case 4:
      return r.pick(fillers);
    default:
      return `${t}に関する${r.pick(['お問い合わせ', 'ご質問', 'ご依頼', 'ご要望'])}は、${r.pick(['専用フォーム', 'ポータル', '担当営業', 'サポートデスク'])}で受け付けております。`;
  }
}

function bodyOf(r: ReturnType<typeof rng>, rare: string | null, mid: string | null): string {
  const parts: string[] = [];
  const paragraphs = r.int(2, 5);
  for (let i = 0; i < paragraphs; i++) {
    let text = Array.from({ length: r.int(1, 3) }, () => sentence(r)).join('');
    if (rare && i === 0) text = `${rare}について。${text}`;
    if (mid && i === paragraphs - 1) text = `${text}お支払いの${mid}状をお送りする場合があります。`;
    if (r.chance(0.2)) text = text.replace(/、/, `、<strong>${r.pick(topics)}</strong>の`);
    parts.push(`<p>${text}</p>`);
    if (r.chance(0.3))
      parts.push(
        `<ul>${Array.from({ length: r.int(2, 4) }, () => `<li>${r.pick(products)}：${r.pick(topics)}</li>`).join('')}</ul>`,
      );
  }
  if (r.chance(0.3))
    parts.push(
      `<p><a href="https://www.example.jp/${r.pick(['guide', 'docs', 'faq'])}/${r.int(1, 999)}" title="${r.pick(topics)}の資料">資料はこちら</a></p>`,
    );
  return parts.join('');
}

/**
 * Inserts n generated contents (with sub-categories, tags and display targets taken from the
 * seeded tables) in batches; returns how long it took. The index is not touched: the caller
 * rebuilds it.
 */
export async function generateContents(db: Kysely<Database>, opts: CorpusOptions): Promise<CorpusStats> {
  const started = performance.now();
  const r = rng(opts.seed ?? 20261120);
  const subs = await db.selectFrom('sub_categories').select(['sub_category_id', 'category_id']).execute();
  const tags = await db.selectFrom('tags').select(['tag_id', 'category_id']).execute();
  const segments = await db.selectFrom('agent_segments').select('ag_segment_id').execute();
  const agents = (await db.selectFrom('agents').select('ag_code').where('ag_code', 'like', 'A%').execute()).map(
    (a) => a.ag_code,
  );
  const subsOf = (category: number) => subs.filter((s) => s.category_id === category).map((s) => s.sub_category_id);
  const tagsOf = (category: number) =>
    tags.filter((t) => t.category_id === category || t.category_id === null).map((t) => t.tag_id);

  const batch = 1000;
  for (let done = 0; done < opts.n; done += batch) {
    const size = Math.min(batch, opts.n - done);
    const rows: Insertable<ContentsTable>[] = [];
    const extras: Array<{ agents: string[]; tags: number[] }> = [];
    for (let i = 0; i < size; i++) {
      const category = pickCategory(r);
      const rare = r.chance(0.0035 * RARE_WORDS.length) ? r.pick(RARE_WORDS) : null;
      const startOffset = r.chance(0.04) ? r.int(1, 60) : -r.int(0, 1500);
      const ended = r.chance(0.1) && startOffset < -60;
      const target = r.chance(0.8) ? '0' : r.chance(0.5) ? '1' : '2';
      const subIds = subsOf(category);
      const topic = r.pick(topics);
      const title = `${r.chance(0.1) ? '【重要】' : ''}${r.pick(seasons)} ${r.pick(products)}${r.chance(0.5) ? `の${topic}` : topic}${r.pick(['のご案内', 'について', 'のお知らせ', '（更新）', 'のお願い', ''])}`;
      rows.push({
        category_id: category,
        sub_category_id: subIds.length && r.chance(0.85) ? r.pick(subIds) : null,
        title,
        body_html: bodyOf(r, rare, r.chance(0.0105) ? MID_WORD : null),
        keisai_start: addDays(opts.today, startOffset),
        keisai_end: ended ? addDays(opts.today, startOffset + r.int(10, 50)) : '9999-12-31',
        new_days: 14,
        last_update: addDays(opts.today, Math.min(0, startOffset)),
        display_target: target,
        ag_segment_id: target === '1' ? r.pick(segments).ag_segment_id : null,
      });
      const tagIds = tagsOf(category);
      extras.push({
        agents: target === '2' ? [...new Set(Array.from({ length: r.int(1, 3) }, () => r.pick(agents)))] : [],
        tags: tagIds.length ? [...new Set(Array.from({ length: r.int(0, 2) }, () => r.pick(tagIds)))] : [],
      });
    }
    const ids = (await db.insertInto('contents').values(rows).returning('content_id').execute()).map(
      (x) => x.content_id,
    );
    const contentAgents = extras.flatMap((e, i) => e.agents.map((ag_code) => ({ content_id: nth(ids, i), ag_code })));
    const contentTags = extras.flatMap((e, i) => e.tags.map((tag_id) => ({ content_id: nth(ids, i), tag_id })));
    if (contentAgents.length) await db.insertInto('content_agents').values(contentAgents).execute();
    if (contentTags.length) await db.insertInto('content_tags').values(contentTags).execute();
  }
  return { contents: opts.n, ms: Math.round(performance.now() - started) };
}
