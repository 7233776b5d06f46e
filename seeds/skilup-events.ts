// Demo data of the skill-up hub, the sales playbook and the events (migrations/0007): the
// skill-up programs and their phases, the skill-up fields of the seeded category 6 videos and
// category 8 playbook chapters (each chapter links a training video for its modal), a small
// thumbnail library, the playbook's comments, and the event fields of the seeded category 7
// contents with dates relative to `today`: events open for application, one whose entry has
// closed, one full, events already held, and applications of the demo agents (some held, so
// the attendance history is not empty) and of their colleagues (for the entry download).
import type { Kysely } from 'kysely';
import type { Database } from '../api/db/schema';
import type { SeedFileSet } from './demo-files';
import { addDays, nth } from './seed-utils';

export interface SkilupEventSeedOptions {
  today: string;
  files: SeedFileSet;
}

/** Names the tests and the walkthrough refer to. */
export const SKILUP_SEED = {
  videoProgram: 'スキルアップ動画',
  playbookProgram: '営業虎の巻',
  videoPhases: ['STEP1 新人基礎', 'STEP2 商品知識', 'STEP3 営業スキル'],
  playbookPhases: ['フェーズ1 事前準備', 'フェーズ2 初回訪問', 'フェーズ3 提案・見積', 'フェーズ4 受注・フォロー'],
} as const;

const videoPhases: Array<{ sub: string; name: string; icon: string; open: boolean }> = [
  { sub: '基礎研修', name: SKILUP_SEED.videoPhases[0], icon: 'seedling', open: true },
  { sub: '商品研修', name: SKILUP_SEED.videoPhases[1], icon: 'box', open: false },
  { sub: '営業スキル', name: SKILUP_SEED.videoPhases[2], icon: 'handshake', open: false },
];

const playbookPhases: Array<{ name: string; title: string; icon: string }> = [
  {
    name: SKILUP_SEED.playbookPhases[0],
    title: '訪問前に勝負は決まる：お客様を知り、仮説を持って臨む',
    icon: 'seedling',
  },
  { name: SKILUP_SEED.playbookPhases[1], title: '信頼を得る初回訪問：聞く8割、話す2割', icon: 'handshake' },
  { name: SKILUP_SEED.playbookPhases[2], title: '選ばれる提案：比較できる形で、決裁者の言葉で', icon: 'document' },
  { name: SKILUP_SEED.playbookPhases[3], title: '受注はスタート：定期便と紹介で関係を育てる', icon: 'trophy' },
];

const comments = [
  '「まずはフェーズ1から順に読み、各章の動画を視聴したらチェックを付けましょう。」（代理店支援部）',
  '「見積を3案で出すようにしてから、受注率が2割上がりました。」（株式会社さくら文具 営業課）',
  '「定期便の提案は、消耗品の欠品で困った直後が一番響きます。」（北斗オフィス販売株式会社）',
  '「決裁者が誰かを初回訪問で確認するだけで、商談期間が短くなります。」（九州ビジネスサプライ株式会社）',
  '「入札案件は仕様書の読み込みが9割。わからない点は早めに担当営業へ。」（代理店支援部）',
];

const chapterComments = [
  '訪問前に企業サイトと決算情報を確認し、仮説を1つ持って臨みます。',
  '見積は松竹梅の3案で。比較できると決めやすくなります。',
  '決裁者と決裁時期は初回訪問で確認しておきましょう。',
  '消耗品は定期便にすると、他社への切り替えを防げます。',
  '家具の案件は図面と動線から提案を組み立てます。',
  '年度末の予算消化の時期を逃さないよう、1月には声をかけます。',
  '競合比較表は価格だけでなく納期と保守も並べます。',
  '納品後1週間のフォローが次の紹介につながります。',
  '値引きではなく、総額と手間の削減で比べていただきます。',
  '総務部門は複数部署の窓口です。定期的に情報を届けましょう。',
  '入札は仕様書と期限の確認から。不明点は質問期間内に。',
  'リピートは「困ったときに最初に思い出される」ことから。',
];

interface EventPlan {
  /** Event day, days from today (14:00–16:00 Tokyo). */
  day: number;
  /** Entry deadline, days from today (17:00 Tokyo); default two days before the event. */
  deadline?: number;
  capacity?: number;
  venue: string;
}

/** Tokyo wall-clock time on a yyyy-MM-dd day. */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+09:00`);

export async function seedSkilupEvents(db: Kysely<Database>, opts: SkilupEventSeedOptions): Promise<void> {
  const { today, files } = opts;
  const day = (n: number) => addDays(today, n);

  // ---- Thumbnail library (the registration forms' picker list)
  const library = await db
    .insertInto('thumbnails')
    .values(
      ['研修（教室）', '商品（デスク周り）', '商談（打合せ）', '展示会（会場）'].map((name, i) => ({
        thumbnail_name: name,
        file_name: `thumbnail-${String(i + 1).padStart(2, '0')}.png`,
        stored_key: nth(files.images, i).key,
        file_size: nth(files.images, i).bytes.length,
        content_type: nth(files.images, i).contentType,
        is_library: true,
        display_order: i + 1,
      })),
    )
    .returning('thumbnail_id')
    .execute();

  // ---- Skill-up video hub: program, phases by sub-category, the category 6 contents.
  const { skilup_id: videoProgram } = await db
    .insertInto('skilup_programs')
    .values({
      category_id: 6,
      skilup_name: SKILUP_SEED.videoProgram,
      display_order: 1,
      new_video_disp_num: 4,
      video_list_disp_num: 3,
      disp_count: 3,
    })
    .returning('skilup_id')
    .executeTakeFirstOrThrow();
  const videoContents = await db
    .selectFrom('contents as c')
    .innerJoin('sub_categories as s', 's.sub_category_id', 'c.sub_category_id')
    .select(['c.content_id', 'c.title', 's.sub_category_name'])
    .where('c.category_id', '=', 6)
    .orderBy('c.keisai_start')
    .orderBy('c.content_id')
    .execute();
  const trainingVideoIds: number[] = [];
  for (const [i, phase] of videoPhases.entries()) {
    const { phase_id } = await db
      .insertInto('skilup_phases')
      .values({
        skilup_id: videoProgram,
        phase_name: phase.name,
        phase_title: phase.name,
        icon_name: phase.icon,
        is_open: phase.open,
        display_order: i + 1,
      })
      .returning('phase_id')
      .executeTakeFirstOrThrow();
    // The 新人研修 series in its order (第1回, 第2回 …); the others by posting date.
    const members = videoContents.filter((c) => c.sub_category_name === phase.sub);
    const episode = (title: string) => Number(/第(\d+)回/.exec(title)?.[1] ?? 99);
    if (phase.sub === '基礎研修') members.sort((a, b) => episode(a.title) - episode(b.title));
    if (members.length === 0) continue;
    await db
      .insertInto('skilup_contents')
      .values(
        members.map((c, n) => ({
          content_id: c.content_id,
          skilup_id: videoProgram,
          phase_id,
          display_order: n + 1,
        })),
      )
      .execute();
    // 商品研修 shows a picked thumbnail; the others the video's frame at 1 s.
    if (phase.sub === '商品研修') {
      for (const [n, c] of members.entries())
        await db
          .updateTable('contents')
          .set({ thumbnail_id: nth(library, 1 + (n % 2)).thumbnail_id })
          .where('content_id', '=', c.content_id)
          .execute();
    }
    if (phase.sub !== '商品研修') trainingVideoIds.push(...members.map((c) => c.content_id));
  }

  // ---- Sales playbook: program, phases, the category 8 contents as chapters, comments.
  const { skilup_id: playbook } = await db
    .insertInto('skilup_programs')
    .values({ category_id: 8, skilup_name: SKILUP_SEED.playbookProgram, display_order: 2, disp_count: 2 })
    .returning('skilup_id')
    .executeTakeFirstOrThrow();
  const chapters = await db
    .selectFrom('contents')
    .select(['content_id', 'title'])
    .where('category_id', '=', 8)
    .orderBy('content_id')
    .execute();
  const perPhase = Math.ceil(chapters.length / playbookPhases.length);
  for (const [i, phase] of playbookPhases.entries()) {
    const { phase_id } = await db
      .insertInto('skilup_phases')
      .values({
        skilup_id: playbook,
        phase_name: phase.name,
        phase_title: phase.title,
        icon_name: phase.icon,
        is_open: i === 0,
        display_order: i + 1,
      })
      .returning('phase_id')
      .executeTakeFirstOrThrow();
    const members = chapters.slice(i * perPhase, (i + 1) * perPhase);
    if (members.length === 0) continue;
    await db
      .insertInto('skilup_contents')
      .values(
        members.map((c, n) => {
          const number = i * perPhase + n + 1;
          return {
            content_id: c.content_id,
            skilup_id: playbook,
            phase_id,
            display_order: n + 1,
            chapter_name: `第${number}章`,
            chapter_title: c.title.replace(/^営業虎の巻 その\d+：/, ''),
            chapter_comment: chapterComments[(number - 1) % chapterComments.length],
            video_content_id: trainingVideoIds.length ? trainingVideoIds[(number - 1) % trainingVideoIds.length] : null,
          };
        }),
      )
      .execute();
  }
  await db
    .insertInto('skilup_comments')
    .values(comments.map((comment_text, i) => ({ skilup_id: playbook, comment_text, display_order: i + 1 })))
    .execute();

  // ---- Events: the category 7 contents in their seeded order (contents.ts: the first ten are
  // in their posting period, the last six ended long ago).
  const eventContents = await db
    .selectFrom('contents')
    .select(['content_id', 'title', 'keisai_start'])
    .where('category_id', '=', 7)
    .orderBy('content_id')
    .execute();
  const plans: EventPlan[] = [
    { day: 7, venue: '東京本社 2F セミナールーム', capacity: 50 },
    { day: 12, venue: '大阪支店 会議室A', capacity: 40 },
    { day: 16, venue: '名古屋国際会議場 展示ホール' },
    { day: 21, venue: '福岡支店 セミナールーム', capacity: 2 },
    { day: 26, venue: 'オンライン（Zoom）', capacity: 100 },
    { day: 33, venue: '仙台支店 会議室', capacity: 30 },
    { day: 2, deadline: -1, venue: '広島支店 会議室', capacity: 30 },
    { day: -1, venue: '東京本社 2F セミナールーム', capacity: 50 },
    { day: -10, venue: '大阪支店 会議室A', capacity: 40 },
    { day: -20, venue: 'オンライン（Zoom）' },
  ];
  const rows = eventContents.map((c, i) => {
    const plan = plans[i] ?? {
      day: Math.round((Date.parse(`${c.keisai_start}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86400_000) + 20,
      venue: '東京本社 2F セミナールーム',
      capacity: 50,
    };
    const held = day(plan.day);
    return {
      content_id: c.content_id,
      kaisai_at: at(held, '14:00'),
      kaisai_end_at: at(held, '16:00'),
      registration_end_at: at(day(plan.deadline ?? plan.day - 2), '17:00'),
      venue: plan.venue,
      capacity: plan.capacity ?? null,
      complete_add_message: '受付完了メールをお送りしました。当日は名刺を1枚お持ちください。',
      mail_message: `会場：${plan.venue}\n受付開始：開始30分前\n持ち物：名刺、筆記用具\nご都合が悪くなった場合は、イベント詳細画面からキャンセルしてください。`,
      csv_file_name: `イベント申込者一覧_${String(i + 1).padStart(2, '0')}.csv`,
    };
  });
  if (rows.length) await db.insertInto('events').values(rows).execute();
  const withThumbnail = rows.filter((_, i) => i % 4 === 3).map((r) => r.content_id);
  if (withThumbnail.length)
    await db
      .updateTable('contents')
      .set({ thumbnail_id: nth(library, 3).thumbnail_id })
      .where('content_id', 'in', withThumbnail)
      .execute();

  // Applications: [event index, user, agent, applied days ago, cancelled days ago].
  const entries: Array<[number, string, string, number, number?]> = [
    [1, '0000000003', 'A0000001', 3],
    [7, '0000000003', 'A0000001', 20],
    [8, '0000000003', 'A0000001', 25],
    [12, '0000000003', 'A0000001', 175],
    [2, '0000000004', 'A0000002', 2],
    [9, '0000000004', 'A0000002', 30],
    [13, '0000000004', 'A0000002', 190],
    [0, '0000000011', 'A0000001', 4],
    [0, '0000000012', 'A0000001', 5, 2],
    [0, '0000000015', 'A0000004', 1],
    [3, '0000000013', 'A0000002', 6],
    [3, '0000000014', 'A0000003', 5],
  ];
  const live = entries.filter(([i]) => i < eventContents.length);
  if (live.length)
    await db
      .insertInto('event_entries')
      .values(
        live.map(([i, user, ag, ago, cancelled]) => ({
          content_id: nth(eventContents, i).content_id,
          user_id: user,
          ag_code: ag,
          applied_by: user,
          applied_at: at(day(-ago), '10:30'),
          cancelled_at: cancelled === undefined ? null : at(day(-cancelled), '09:15'),
          cancelled_by: cancelled === undefined ? null : user,
        })),
      )
      .execute();
}
