// The data set at the scale of a national supplier (issue 26), shared by the benchmarks: agents,
// agent users, segments (a few with thousands of members), contents with Japanese text and every
// kind of display target, favourites, views, requests and notifications — on PostgreSQL, in a
// named database that is kept: a later run whose sizes match reuses it (migrated to the latest
// schema first) instead of building it again.
//
// Built set-based (insert … select from generate_series, server side), never row by row: the
// text comes from tests/bench/corpus.ts, which writes a few thousand "pattern" contents first;
// the N contents pair the title of one pattern with the body of another, so that the words keep
// the corpus's frequencies (RARE_WORDS ~0.35 % each, MID_WORD ~1 %). Triggers (the change feed)
// and foreign-key checks are off in the building session (session_replication_role = replica):
// the rows are consistent by construction. The database is built under another name and
// renamed when complete, so a build cut short is never reused.
//
// What a benchmark can rely on (besides the demo seeds: accounts, categories, the demo agents):
// - agents S0000001 … (scaleAgentCode(i)), ~users/agents users each, the first of each agent its
//   administrator (role 01); users can sign in with SCALE_PASSWORD, mail to <login>@portal.example.jp;
// - segment `bigSegmentId` has min(5,000, agents) members; the demo agent A0000001 (demo-agent,
//   demo-agadmin) is a member of 20 segments, the big one among them;
// - contents: ~70 % for all, ~18 % for a segment, ~12 % for 1–2 agent codes (some for A0000001),
//   periods from ~4 years back to 60 days ahead, ~10 % ended, ~2 % deleted.
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import pg from 'pg';
import { Migrator, type Kysely } from 'kysely';
import { openDatabase } from '../../../api/db/connect';
import { migrateToLatest } from '../../../api/db/migrate';
import { migrations } from '../../../migrations/index';
import { rebuildSearchIndex } from '../../../api/search/index-content';
import { hashPassword } from '../../../api/security/password';
import { seedIfEmpty } from '../../../seeds/index';
import { generateContents } from '../corpus';

export interface ScaleSizes {
  contents: number;
  agents: number;
  users: number;
  segments: number;
}

export interface ScaleOptions extends ScaleSizes {
  /** The database's name (default portal_scale). */
  name?: string;
  /** yyyy-MM-dd the periods are placed around (default 2026-11-20, the tests' clock). */
  today?: string;
  /** Build the site-search index too (default true); a reused data set without it gets it. */
  searchIndex?: boolean;
  /** No progress bar. */
  quiet?: boolean;
}

export interface ScaleDataset {
  /** postgres://… of the named database. */
  url: string;
  name: string;
  sizes: ScaleSizes;
  /** false: built by this call. */
  reused: boolean;
  /** Seconds of each step of the build (empty when reused). */
  timings: Record<string, number>;
  /** A segment with min(5,000, agents) members, the demo agent among them. */
  bigSegmentId: number;
  /** The segments the demo agent A0000001 belongs to (20 when there are 19 generated segments or more). */
  demoAgentSegments: number[];
  searchIndexed: boolean;
  /** When it was built (ISO): a copy of it (tests/bench/scale/pglite-copy.ts) is of this build. */
  builtAt: string;
}

/** The password of every generated user (hashed once, the hash reused). */
export const SCALE_PASSWORD = 'Scale#2026-portal';
/** The demo agent placed in 20 segments. */
export const DEMO_AGENT = 'A0000001';

/** The i-th generated agent's code (1-based). */
export const scaleAgentCode = (i: number) => `S${String(i).padStart(7, '0')}`;
/** The i-th generated user's id and login (1-based). */
export const scaleUserId = (i: number) => `5${String(i).padStart(9, '0')}`;
export const scaleLoginId = (i: number) => `scale-user-${i}`;

// Bump when the generator changes what it builds: a data set of another version is rebuilt.
const GENERATOR_VERSION = 1;
const PATTERNS = 4000;

interface Meta extends ScaleSizes {
  version: number;
  today: string;
  bigSegmentId: number;
  demoAgentSegments: number[];
  searchIndexed: boolean;
  builtAt: string;
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]{0,50}$/.test(name)) throw new Error(`not a database name: ${name}`);
  return name;
};

// ---- progress on stderr ---------------------------------------------------------------------------

function progressBar(quiet: boolean) {
  const tty = process.stderr.isTTY;
  let last = 0;
  return {
    show(label: string, done: number, total: number) {
      if (quiet) return;
      const now = Date.now();
      if (done < total && now - last < 200) return;
      last = now;
      const width = 30;
      const filled = total ? Math.round((done / total) * width) : width;
      const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.floor(total ? (done / total) * 100 : 100)).padStart(3)}% ${label} ${done.toLocaleString('en')}/${total.toLocaleString('en')}`;
      if (tty) process.stderr.write(`\r${line}\x1b[K${done >= total ? '\n' : ''}`);
      else if (done >= total) process.stderr.write(`${line}\n`);
    },
    note(text: string) {
      if (!quiet) process.stderr.write(`${text}\n`);
    },
  };
}

/** Runs `step(lo, hi)` over 1..total in chunks, showing progress. */
async function inChunks(
  bar: ReturnType<typeof progressBar>,
  label: string,
  total: number,
  chunk: number,
  step: (lo: number, hi: number) => Promise<unknown>,
) {
  bar.show(label, 0, total);
  for (let lo = 1; lo <= total; lo += chunk) {
    const hi = Math.min(total, lo + chunk - 1);
    await step(lo, hi);
    bar.show(label, hi, total);
  }
}

// ---- vocabulary of the generated people, agencies and segments ------------------------------------

const SURNAMES = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
  '木村',
  '林',
  '斎藤',
  '清水',
];
const GIVEN = [
  '大輔',
  '直樹',
  '優子',
  '誠',
  '由美',
  '恵',
  '翔太',
  '美咲',
  '健一',
  '陽子',
  '拓也',
  '彩',
  '浩二',
  '麻衣',
  '隆',
  '智子',
];
const SECTIONS = [
  '営業部',
  '業務課',
  '本社営業部',
  '大阪営業課',
  '札幌営業所',
  '福岡支店',
  '総務部',
  '購買課',
  '第一営業課',
  '名古屋支店',
];
const NAME_HEADS = [
  'さくら',
  'ひかり',
  'みどり',
  '北斗',
  'なにわ',
  '東和',
  '中央',
  '日本',
  '太平洋',
  '富士',
  '青葉',
  '大和',
  '丸の内',
  '若葉',
  '昭和',
  '平和',
];
const NAME_TAILS = ['文具', '事務機', 'オフィス販売', '商事', '紙業', 'ビジネスサプライ', '商会', 'オフィスサービス'];
const FORMS = ['株式会社', '有限会社', '合同会社'];
const REGIONS = ['北海道', '東北', '関東', '首都圏', '中部', '北陸', '近畿', '中国', '四国', '九州', '沖縄'];
const SEGMENT_KINDS = [
  '重点代理店',
  '新規代理店',
  '販促キャンペーン対象',
  'トナー取扱店',
  '家具取扱店',
  '研修受講対象',
  '年末特約店',
  '大口取引先担当',
];

// ---- the build ------------------------------------------------------------------------------------

/** Brings a kept data set to the latest schema, running late a migration merged below its last one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
async function migrateKept(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed)
    throw new Error(
      `${failed?.migrationName ?? 'migrations'}: ${error instanceof Error ? error.message : String(error)}`,
    );
}

/** The named data set of these sizes on the server of adminUrl: reused when there, built otherwise. */
export async function ensureScaleDataset(adminUrl: string, opts: ScaleOptions): Promise<ScaleDataset> {
  const name = ident(opts.name ?? 'portal_scale');
  const today = opts.today ?? '2026-11-20';
  const wantIndex = opts.searchIndex ?? true;
  const bar = progressBar(opts.quiet ?? false);
  const sizes: ScaleSizes = {
    contents: opts.contents,
    agents: opts.agents,
    users: opts.users,
    segments: opts.segments,
  };
  for (const [k, v] of Object.entries(sizes))
    if (!Number.isInteger(v) || v < 1) throw new Error(`${k}: a positive whole number, not ${v}`);
  if (sizes.agents > 9_999_999 || sizes.users > 999_999_999)
    throw new Error('too many agents or users for their codes');

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query<{ c: string | null }>(
      `select shobj_description(oid, 'pg_database') as c from pg_database where datname = $1`,
      [name],
    );
    const meta = parseMeta(found.rows[0]?.c ?? null);
    const url = withDatabase(adminUrl, name);
    if (
      meta &&
      meta.version === GENERATOR_VERSION &&
      meta.today === today &&
      (Object.keys(sizes) as (keyof ScaleSizes)[]).every((k) => meta[k] === sizes[k])
    ) {
      const timings: Record<string, number> = {};
      const handle = await openDatabase({ kind: 'postgres', url });
      let migrated = true;
      try {
        // A data set outlives schema changes. Branches merge in any order, so a migration may
        // arrive below one the data set already ran: it is run late rather than the data set built
        // again (the migrations are independent of each other's order once merged). One that
        // still cannot be migrated (a migration it ran is unknown here) is built again.
        migrated = await migrateKept(handle.db).then(
          () => true,
          (error: unknown) => {
            bar.note(`${name}: not migratable (${String(error)}), building it again`);
            return false;
          },
        );
        if (migrated && wantIndex && !meta.searchIndexed) {
          bar.note(`${name}: building the site-search index of the kept data set`);
          timings.searchIndex = await timedIndex(handle.db, bar);
          meta.searchIndexed = true;
          await admin.query(`comment on database ${name} is '${JSON.stringify(meta)}'`);
        }
      } finally {
        await handle.close();
      }
      if (migrated) {
        bar.note(`${name}: reusing the data set built ${meta.builtAt}`);
        return { url, name, sizes, reused: true, timings, ...pick(meta) };
      }
    }

    const building = ident(`${name}_b`);
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(
      `create database ${building} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
    );
    bar.note(
      `${name}: building ${Object.entries(sizes)
        .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
        .join(', ')}`,
    );
    const built = await build(withDatabase(adminUrl, building), sizes, today, wantIndex, bar);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`alter database ${building} rename to ${name}`);
    const newMeta: Meta = {
      ...sizes,
      version: GENERATOR_VERSION,
      today,
      bigSegmentId: built.bigSegmentId,
      demoAgentSegments: built.demoAgentSegments,
      searchIndexed: wantIndex,
      builtAt: new Date().toISOString(),
    };
    await admin.query(`comment on database ${name} is '${JSON.stringify(newMeta)}'`);
    return { url, name, sizes, reused: false, timings: built.timings, ...pick(newMeta) };
  } finally {
    await admin.end();
  }
}

function parseMeta(comment: string | null): Meta | null {
  if (!comment) return null;
  try {
    return JSON.parse(comment) as Meta;
  } catch {
    return null;
  }
}

const pick = (m: Meta) => ({
  bigSegmentId: m.bigSegmentId,
  demoAgentSegments: m.demoAgentSegments,
  searchIndexed: m.searchIndexed,
  builtAt: m.builtAt,
});

async function timedIndex(db: Parameters<typeof rebuildSearchIndex>[0], bar: ReturnType<typeof progressBar>) {
  const t0 = performance.now();
  // A bar over the documents written, then a ticking line while the GIN index is built.
  let tick: ReturnType<typeof setInterval> | undefined;
  try {
    const r = await rebuildSearchIndex(db, {
      onProgress: ({ phase, done, total }) => {
        if (phase === 'documents') return bar.show('search documents', done, total);
        bar.show('search documents', total, total);
        const t1 = performance.now();
        tick = setInterval(
          () => bar.note(`  search index (GIN): ${((performance.now() - t1) / 1000).toFixed(0)} s …`),
          10_000,
        );
      },
    });
    bar.note(`  search index: ${r.documents.toLocaleString('en')} documents in ${(r.ms / 1000).toFixed(1)} s`);
  } finally {
    clearInterval(tick);
  }
  return Math.round(performance.now() - t0) / 1000;
}

async function build(
  url: string,
  sizes: ScaleSizes,
  today: string,
  wantIndex: boolean,
  bar: ReturnType<typeof progressBar>,
): Promise<{ timings: Record<string, number>; bigSegmentId: number; demoAgentSegments: number[] }> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (k: string) => {
    const now = performance.now();
    timings[k] = Math.round(now - t) / 1000;
    t = now;
  };

  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, { today }); // accounts, categories, permissions, demo contents
    // The text: pattern contents written by the search corpus (deleted again below).
    const seedMax = Number(
      (
        await handle.db
          .selectFrom('contents')
          .select((e) => e.fn.max('content_id').as('m'))
          .executeTakeFirstOrThrow()
      ).m,
    );
    await generateContents(handle.db, { n: Math.min(PATTERNS, sizes.contents), today });
    lap('migrate+seed+patterns');

    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`set session_replication_role = replica`); // no triggers, no FK checks: consistent by construction
      await c.query(`set synchronous_commit = off`);
      await c.query(`select setseed(0.26)`);
      const hash = await hashPassword(SCALE_PASSWORD);

      // -- agents
      await inChunks(bar, 'agents', sizes.agents, 100_000, (lo, hi) =>
        c.query(
          `insert into agents (ag_code, ag_name, invoice_no, daihyo_code, itakumoto_ag_code, saiitaku_flg, is_incentive_entry)
           select 'S' || lpad(g::text, 7, '0'),
                  case when g % 3 = 0 then ($3::text[])[1 + (g / 3) % 3] || ($1::text[])[1 + g % cardinality($1::text[])] || ($2::text[])[1 + (g / 16) % cardinality($2::text[])]
                       else ($1::text[])[1 + g % cardinality($1::text[])] || ($2::text[])[1 + (g / 16) % cardinality($2::text[])] || ($3::text[])[1] end
                    || case when g > 128 then '（' || (g / 128)::text || '）' else '' end,
                  'T' || lpad((1000000000000 + g)::text, 13, '0'),
                  'S' || lpad((case when g % 10 = 0 and g > 1 then g - 1 else g end)::text, 7, '0'),
                  case when g % 10 = 0 and g > 1 then 'S' || lpad((g - 1)::text, 7, '0') else '' end,
                  g % 10 = 0 and g > 1,
                  g % 4 = 0
           from generate_series($4::int, $5::int) g`,
          [NAME_HEADS, NAME_TAILS, FORMS, lo, hi],
        ),
      );
      lap('agents');

      // -- users: the first users of each agent are its administrators
      await inChunks(bar, 'users', sizes.users, 100_000, (lo, hi) =>
        c.query(
          `insert into users (user_id, login_id, ag_code, password_hash, email, user_name, company_name, section_name, role_id, is_admin, created_at, updated_at, password_changed_at)
           select '5' || lpad(g::text, 9, '0'), 'scale-user-' || g, a.ag_code, $1,
                  'scale-user-' || g || '@portal.example.jp',
                  ($2::text[])[1 + g % cardinality($2::text[])] || ' ' || ($3::text[])[1 + (g / 7) % cardinality($3::text[])],
                  a.ag_name, ($4::text[])[1 + (g / 3) % cardinality($4::text[])],
                  case when g <= $6::int then '01' else '02' end, g <= $6::int,
                  ts, ts, ts
           from generate_series($7::int, $8::int) g
           cross join lateral (select timestamptz '2022-04-01' + (g % 1500) * interval '1 day' as ts) x
           join agents a on a.ag_code = 'S' || lpad((1 + (g - 1) % $5::int)::text, 7, '0')`,
          [hash, SURNAMES, GIVEN, SECTIONS, sizes.agents, sizes.agents, lo, hi],
        ),
      );
      lap('users');

      // -- segments: most small, every tenth 200–1,000 members, every hundredth 2,000–6,000; the first 5,000
      const segBase = Number(
        (await c.query(`select coalesce(max(ag_segment_id), 0) as m from agent_segments`)).rows[0].m,
      );
      await c.query(
        `insert into agent_segments (ag_segment_id, ag_segment_name, last_upload_date, upload_file_name, upload_data_cnt, created_at, updated_at)
         select $1::int + g, ($2::text[])[1 + g % cardinality($2::text[])] || ($3::text[])[1 + (g / 11) % cardinality($3::text[])] || ' ' || lpad(g::text, 5, '0'),
                ts, 'segment_' || g || '.csv', 0, ts, ts
         from generate_series(1, $4::int) g
         cross join lateral (select timestamptz '2023-01-01 10:00+09' + (g % 1000) * interval '1 day' as ts) x`,
        [segBase, REGIONS, SEGMENT_KINDS, sizes.segments],
      );
      await c.query(
        `select setval(pg_get_serial_sequence('agent_segments', 'ag_segment_id'), (select max(ag_segment_id) from agent_segments))`,
      );
      const bigSegmentId = segBase + 1;
      await c.query(
        `create temp table seg_plan as
        select s.ag_segment_id as id, g,
               least($2::int, case when g = 1 then 5000
                    when g % 100 = 0 then 2000 + (g * 37) % 4001
                    when g % 10 = 0 then 200 + (g * 53) % 801
                    else 5 + (g * 29) % 146 end) as size,
               (g * 7919) % $2::int as off
        from agent_segments s cross join lateral (select s.ag_segment_id - $1::int as g) x
        where s.ag_segment_id > $1::int`,
        [segBase, sizes.agents],
      );
      const planned = Number((await c.query(`select sum(size) as n from seg_plan`)).rows[0].n);
      let members = 0;
      const segChunk = Math.max(1, Math.floor(sizes.segments / 20));
      await inChunks(bar, 'segments', sizes.segments, segChunk, async (lo, hi) => {
        const r = await c.query(
          `insert into agent_segment_members (ag_segment_id, ag_code)
           select p.id, 'S' || lpad((1 + (p.off + j) % $1::int)::text, 7, '0')
           from seg_plan p cross join lateral generate_series(0, p.size - 1) j
           where p.g between $2::int and $3::int`,
          [sizes.agents, lo, hi],
        );
        members += r.rowCount ?? 0;
      });
      // The demo agent in 20 segments (one of the seeds' and 19 generated, the big one first).
      await c.query(
        `insert into agent_segment_members (ag_segment_id, ag_code)
         select id, $2 from seg_plan where g = 1 or (g - 1) % greatest(1, $1::int / 19) = 0 order by g limit 19
         on conflict do nothing`,
        [sizes.segments, DEMO_AGENT],
      );
      const demoSegments = (
        await c.query<{ id: number }>(
          `select ag_segment_id as id from agent_segment_members where ag_code = $1 order by 1`,
          [DEMO_AGENT],
        )
      ).rows.map((r) => Number(r.id));
      await c.query(
        `update agent_segments s set upload_data_cnt = (select count(*) from agent_segment_members m where m.ag_segment_id = s.ag_segment_id) where s.ag_segment_id > $1`,
        [segBase],
      );
      bar.note(`  ${members.toLocaleString('en')} segment members (planned ${planned.toLocaleString('en')})`);
      lap('segments');

      // -- contents: the patterns' text, new periods and targets
      await c.query(
        `create temp table pattern as
        select (row_number() over (order by content_id) - 1)::int as idx, content_id, category_id, sub_category_id, title, body_html
        from contents where content_id > $1`,
        [seedMax],
      );
      await c.query(
        `create temp table pattern_tags as select p.idx, t.tag_id from content_tags t join pattern p using (content_id)`,
      );
      await c.query(`delete from content_tags where content_id > $1`, [seedMax]);
      await c.query(`delete from content_agents where content_id > $1`, [seedMax]);
      await c.query(`delete from contents where content_id > $1`, [seedMax]);
      const k = Number((await c.query(`select count(*) as n from pattern`)).rows[0].n);
      const base = seedMax;
      await inChunks(bar, 'contents', sizes.contents, 50_000, async (lo, hi) => {
        await c.query(
          `insert into contents (content_id, category_id, sub_category_id, title, body_html, keisai_start, keisai_end, jyuyo_flg, jyuyo_start, jyuyo_end,
                                 new_days, last_update, display_target, ag_segment_id, created_by, updated_by, created_at, updated_at, deleted_at)
           select $1::int + g, p.category_id, p.sub_category_id, p.title, q.body_html,
                  st, case when ended then st + (10 + r3 % 41) else date '9999-12-31' end,
                  r3 % 33 = 0, case when r3 % 33 = 0 then st end, case when r3 % 33 = 0 then st + 14 end,
                  14, least(st, $2::date), tgt,
                  case when tgt = '1' then $5::int + 1 + (r2 % $6::int) end,
                  '0000000001', '0000000001', st::timestamptz + interval '9 hours', st::timestamptz + interval '9 hours',
                  case when r3 % 50 = 7 then st::timestamptz + interval '30 days' end
           from generate_series($3::int, $4::int) g
           join pattern p on p.idx = g % $7::int
           join pattern q on q.idx = (g::bigint * 7919 + 13) % $7::int
           cross join lateral (select (random() * 1000000 + g * 0)::int as r1, (random() * 1000000 + g * 0)::int as r2, (random() * 1000000 + g * 0)::int as r3) r
           cross join lateral (select case when r1 % 100 < 4 then $2::date + (1 + r1 % 60) else $2::date - (r2 % 1500) end as st,
                                      case when r1 % 100 < 70 then '0' when r1 % 100 < 88 then '1' else '2' end as tgt) s
           cross join lateral (select r3 % 10 = 0 and st < $2::date - 60 as ended) e`,
          [base, today, lo, hi, segBase, sizes.segments, k],
        );
        await c.query(
          `insert into content_tags (content_id, tag_id)
           select $1::int + g, pt.tag_id from generate_series($2::int, $3::int) g join pattern_tags pt on pt.idx = g % $4::int
           on conflict do nothing`,
          [base, lo, hi, k],
        );
        // Agent codes: one or two generated agents; one content in 200 of them also for the demo agent.
        await c.query(
          `insert into content_agents (content_id, ag_code)
           select c.content_id, x.ag_code from contents c
           cross join lateral (select 'S' || lpad((1 + (c.content_id * 104729::bigint) % $2::int)::text, 7, '0') as ag_code
                               union all select 'S' || lpad((1 + (c.content_id * 15485863::bigint) % $2::int)::text, 7, '0') where c.content_id % 2 = 0
                               union all select $3 where c.content_id % 200 = 0) x
           where c.content_id between $1::int + $4::int and $1::int + $5::int and c.display_target = '2'
           on conflict do nothing`,
          [base, sizes.agents, DEMO_AGENT, lo, hi],
        );
      });
      await c.query(
        `select setval(pg_get_serial_sequence('contents', 'content_id'), (select max(content_id) from contents))`,
      );
      lap('contents');

      // -- favourites (0–7 a user) and views (0–40 a user), of contents of the generated range
      await inChunks(bar, 'favourites and views', sizes.users, 20_000, async (lo, hi) => {
        await c.query(
          `insert into favorites (user_id, content_id, created_at)
           select '5' || lpad(g::text, 9, '0'), $1::int + 1 + ((g * 7 + j) * 2654435761::bigint % $4::int)::int, timestamptz '2026-01-01' + j * interval '3 days'
           from generate_series($2::int, $3::int) g cross join lateral generate_series(1, g % 8) j
           on conflict do nothing`,
          [base, lo, hi, sizes.contents],
        );
        await c.query(
          `insert into content_views (user_id, content_id, first_viewed_at, last_viewed_at, view_count)
           select '5' || lpad(g::text, 9, '0'), $1::int + 1 + ((g * 41 + j) * 40503::bigint % $4::int)::int,
                  timestamptz '2026-06-01' + j * interval '1 day', timestamptz '2026-06-01' + j * interval '1 day' + (g % 90) * interval '1 day', 1 + j % 5
           from generate_series($2::int, $3::int) g cross join lateral generate_series(1, g % 41) j
           on conflict do nothing`,
          [base, lo, hi, sizes.contents],
        );
      });
      // The demo users read and keep some too.
      await c.query(
        `insert into content_views (user_id, content_id, first_viewed_at, last_viewed_at, view_count)
         select u, $1::int + 1 + (j * 24989) % $2::int, now() - j * interval '1 day', now() - j * interval '1 hour', 1
         from unnest(array['0000000002', '0000000003', '0000000004']) u cross join generate_series(1, 40) j on conflict do nothing`,
        [base, sizes.contents],
      );
      lap('favourites+views');

      // -- requests (one per ten contents, every status) and notifications (one per twenty)
      const requests = Math.max(1, Math.floor(sizes.contents / 10));
      const appCategories = (
        await c.query<{ id: number }>(`select app_category_id as id from application_categories order by 1`)
      ).rows.map((r) => Number(r.id));
      await inChunks(bar, 'requests', requests, 100_000, (lo, hi) =>
        c.query(
          `insert into applications (app_date, status_kbn, ag_code, user_id, app_user, app_title, wish_date, app_category_id, app_memo, updated_at, ag_updated_at, provider_updated_at)
           select d, ($3::text[])[1 + g % 5], u.ag_code, u.user_id, left(u.user_name, 20), left(p.title, 60),
                  (d + interval '14 days')::date, ($4::int[])[1 + g % cardinality($4::int[])], left(p.title, 200),
                  d + interval '2 days', d, case when g % 5 > 0 then d + interval '1 day' end
           from generate_series($1::int, $2::int) g
           join pattern p on p.idx = g % $7::int
           join users u on u.user_id = '5' || lpad((1 + (g * 31) % $5::int)::text, 9, '0')
           cross join lateral (select timestamptz '2023-04-01 09:00+09' + (g::float8 / $6::int) * (timestamptz '2026-11-19' - timestamptz '2023-04-01') as d) x`,
          [lo, hi, ['10', '20', '30', '40', '90'], appCategories, sizes.users, requests, k],
        ),
      );
      const notifications = Math.max(1, Math.floor(sizes.contents / 20));
      await c.query(
        `insert into notifications (category_id, ag_code, user_id, title, created_at)
         select case when g % 4 = 0 then 7 else 1 end,
                case when g % 10 = 0 then 'S' || lpad((1 + g % $2::int)::text, 7, '0') end, null,
                left(p.title, 200), timestamptz '2023-04-01' + (g % 1330) * interval '1 day'
         from generate_series(1, $1::int) g join pattern p on p.idx = g % $3::int`,
        [notifications, sizes.agents, k],
      );
      // Kept by a trigger on write (migration 0031); the triggers are off in this session.
      await c.query(`delete from notification_totals`);
      await c.query(
        `insert into notification_totals (category_id, ag_code, user_id, n)
         select category_id, coalesce(ag_code, ''), coalesce(user_id, ''), count(*) from notifications group by 1, 2, 3`,
      );
      lap('requests+notifications');

      bar.note('  analyze');
      await c.query(`vacuum analyze`);
      lap('analyze');
      if (wantIndex) timings.searchIndex = await timedIndex(handle.db, bar);
      return { timings, bigSegmentId, demoAgentSegments: demoSegments };
    } finally {
      await c.end();
    }
  } finally {
    await handle.close();
  }
}

// ---- as a script: build (or find) a data set ------------------------------------------------------
// npx tsx tests/bench/scale/dataset.ts --contents 10000 --agents 100 --users 500 --segments 30 [--name portal_scale]

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (k: string, d: number) => {
    const i = process.argv.indexOf(`--${k}`);
    return i > 0 ? Number(process.argv[i + 1]) : d;
  };
  const i = process.argv.indexOf('--name');
  const t0 = performance.now();
  const ds = await ensureScaleDataset(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', {
    contents: arg('contents', 10_000),
    agents: arg('agents', 100),
    users: arg('users', 500),
    segments: arg('segments', 30),
    name: i > 0 ? process.argv[i + 1] : undefined,
    searchIndex: !process.argv.includes('--no-search-index'),
  });
  console.log(JSON.stringify({ ...ds, seconds: Math.round(performance.now() - t0) / 1000 }, null, 2));
}
