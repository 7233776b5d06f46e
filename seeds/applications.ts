// Request management demo data (issue 13): request categories pointing at one-stop-guide
// contents of 申請フォーム with reference files, and requests of the demo agents A0000001 and
// A0000002 in every status, dated relative to today; the seeded 申請管理 notification is linked to
// the request it talks about.
import type { Kysely } from 'kysely';
import type { Database } from '../api/db/schema';
import type { SeedFileSet } from './demo-files';

const DAY = 86_400_000;

function at(today: string, days: number, hour = 10, minute = 0): Date {
  const d = new Date(`${today}T00:00:00+09:00`);
  return new Date(d.getTime() + days * DAY + (hour * 60 + minute) * 60_000);
}
const dateOf = (today: string, days: number) => at(today, days, 12).toISOString().slice(0, 10);

interface RequestSeed {
  ag: string;
  user: string;
  appUser: string;
  title: string;
  category: number;
  status: '10' | '20' | '30' | '40' | '90';
  daysAgo: number;
  wish?: number;
  memo: string;
  targetAg?: string;
  company?: string;
  reply?: string;
  providerUser?: string;
  operateUser?: string;
  internal?: string;
  files?: (keyof SeedFileSet['docs'])[];
  /** Read by the agent after the supplier's last change (no new flag). */
  agRead?: boolean;
}

const categorySeeds = [
  {
    name: '販促物発注',
    files: [
      ['販促物発注書.pdf', 'form'],
      ['販促物カタログ2027春.pdf', 'catalog'],
    ],
  },
  { name: '見積依頼', files: [['価格表2027春.pdf', 'priceList']] },
  { name: '取引条件の変更', files: [['特別取引条件.pdf', 'contract']] },
  { name: '返品・交換', files: [['配送スケジュール.pdf', 'delivery']] },
  { name: '口座・請求に関する申請', files: [] },
  { name: 'その他のお問い合わせ', files: [] },
] as const;

const requests: RequestSeed[] = [
  {
    ag: 'A0000001',
    user: '0000000003',
    appUser: '鈴木 一郎',
    title: '年末キャンペーン用ポスターの追加発注',
    category: 1,
    status: '10',
    daysAgo: 1,
    wish: 20,
    memo: 'B2ポスター 20枚、卓上POP 50個を追加で希望します。\n配送先は東京営業課までお願いします。',
  },
  {
    ag: 'A0000001',
    user: '0000000003',
    appUser: '鈴木 一郎',
    title: '新規顧客向けコピー用紙の見積依頼',
    category: 2,
    status: '20',
    daysAgo: 3,
    wish: 14,
    memo: 'エコノミーコピー用紙A4 5000枚を月20箱、1年契約での見積をお願いします。',
    targetAg: 'A0000001',
    company: 'C00012345',
    files: ['orderSheet'],
  },
  {
    ag: 'A0000001',
    user: '0000000003',
    appUser: '鈴木 一郎',
    title: '販促物発注',
    category: 1,
    status: '30',
    daysAgo: 9,
    wish: 5,
    memo: '展示会用のパンフレット300部の発注です。',
    reply: 'パンフレットは在庫が200部のため、残り100部は12月第2週の入荷となります。分納でよろしいかご確認ください。',
    providerUser: '山本 大輔',
    operateUser: '伊藤 翔太',
    internal: '印刷会社へ増刷依頼済み（納期回答待ち）。',
    files: ['form'],
  },
  {
    ag: 'A0000001',
    user: '0000000002',
    appUser: '佐藤 健一',
    title: '支払条件の変更について',
    category: 3,
    status: '30',
    daysAgo: 12,
    memo: '来期より月末締め翌月末払いへの変更を希望します。',
    reply: '変更申請書の提出をお願いいたします。書式はワンストップガイドからダウンロードできます。',
    providerUser: '山本 大輔',
    operateUser: '伊藤 翔太',
    internal: '与信枠の確認が必要。経理部 中村さんに相談中。',
    agRead: true,
  },
  {
    ag: 'A0000001',
    user: '0000000003',
    appUser: '鈴木 一郎',
    title: '破損品の交換依頼（静音ホッチキス）',
    category: 4,
    status: '40',
    daysAgo: 25,
    memo: '11月納品分のうち3個に破損がありました。交換をお願いします。',
    reply: '交換品を発送いたしました。ご迷惑をおかけし申し訳ございません。',
    providerUser: '小林 さやか',
    operateUser: '伊藤 翔太',
    internal: '物流センターの梱包手順を見直し済み。',
    agRead: true,
  },
  {
    ag: 'A0000001',
    user: '0000000003',
    appUser: '鈴木 一郎',
    title: '請求書送付先の変更',
    category: 5,
    status: '90',
    daysAgo: 40,
    memo: '請求書の送付先を本社経理部に変更したいです。',
    agRead: true,
  },
  {
    ag: 'A0000001',
    user: '0000000003',
    appUser: '鈴木 一郎',
    title: 'クリアファイルの大口注文の見積',
    category: 2,
    status: '20',
    daysAgo: 6,
    wish: 30,
    memo: '再生PPクリアファイル A4 100枚入を200箱。納期と単価をご教示ください。',
    targetAg: 'A0000006',
  },
  {
    ag: 'A0000002',
    user: '0000000004',
    appUser: '田中 花子',
    title: 'デスクマットのサンプル依頼',
    category: 6,
    status: '20',
    daysAgo: 2,
    wish: 10,
    memo: '抗菌デスクマット L のサンプルを2枚お送りください。',
    files: ['catalog'],
  },
  {
    ag: 'A0000002',
    user: '0000000004',
    appUser: '田中 花子',
    title: '取引条件の確認',
    category: 3,
    status: '30',
    daysAgo: 15,
    memo: '来期の取引条件について打ち合わせをお願いします。',
    reply: '12月10日 14時はいかがでしょうか。',
    providerUser: '小林 さやか',
    operateUser: '伊藤 翔太',
    internal: 'A0000002 は値引率の見直し対象。',
    agRead: true,
  },
  {
    ag: 'A0000002',
    user: '0000000004',
    appUser: '田中 花子',
    title: '年賀状用はがきの発注（下書き）',
    category: 1,
    status: '10',
    daysAgo: 0,
    memo: '年賀はがき 500枚',
  },
];

export async function seedApplications(
  db: Kysely<Database>,
  opts: { today: string; files: SeedFileSet },
): Promise<void> {
  const { today, files } = opts;
  const guides = await db
    .selectFrom('contents')
    .select(['content_id', 'title'])
    .where('category_id', '=', 3)
    .where('deleted_at', 'is', null)
    .orderBy('content_id')
    .limit(4)
    .execute();
  for (const [i, c] of categorySeeds.entries()) {
    const guide = i < 4 ? guides[i] : undefined;
    const row = await db
      .insertInto('application_categories')
      .values({
        category_name: c.name,
        display_order: i + 1,
        osg_category_id: guide ? 3 : null,
        osg_contents_id: guide ? guide.content_id : null,
        osg_contents_title: guide?.title ?? '',
        osg_detail_path: guide ? `/contents/categoryId/3/contentsId/${guide.content_id}` : '',
      })
      .returning('app_category_id')
      .executeTakeFirstOrThrow();
    const refs = c.files.map(([name, doc], n) => {
      const f = files.docs[doc];
      return {
        app_category_id: row.app_category_id,
        row_no: n + 1,
        file_name: name,
        stored_key: f.key,
        file_size: f.bytes.length,
        content_type: f.contentType,
      };
    });
    if (refs.length) await db.insertInto('application_category_files').values(refs).execute();
  }

  for (const r of requests) {
    const created = at(today, -r.daysAgo, 9 + (r.daysAgo % 8), (r.daysAgo * 7) % 60);
    const replied = r.reply || r.status === '40' ? new Date(created.getTime() + DAY + 3 * 3600_000) : null;
    const updated = replied ?? created;
    const row = await db
      .insertInto('applications')
      .values({
        app_date: created,
        status_kbn: r.status,
        ag_code: r.ag,
        user_id: r.user,
        app_user: r.appUser,
        app_title: r.title,
        wish_date: r.wish === undefined ? null : dateOf(today, r.wish),
        app_category_id: r.category,
        target_ag_code: r.targetAg ?? '',
        target_company_id: r.company ?? '',
        app_memo: r.memo,
        provider_comment: r.reply ?? '',
        provider_user: r.providerUser ?? '',
        provider_memo: r.internal ?? '',
        operate_user: r.operateUser ?? '',
        ag_updated_at: r.status === '10' ? null : created,
        provider_updated_at: replied,
        updated_at: updated,
        updated_by: r.user,
      })
      .returning('app_no')
      .executeTakeFirstOrThrow();
    const docs = (r.files ?? []).map((d, n) => {
      const f = files.docs[d];
      const name = d === 'orderSheet' ? '見積依頼明細.txt' : `${r.title.slice(0, 10)}_${n + 1}.pdf`;
      return {
        app_no: row.app_no,
        row_no: n + 1,
        file_name: name,
        stored_key: f.key,
        file_size: f.bytes.length,
        content_type: d === 'orderSheet' ? 'text/plain' : f.contentType,
        uploaded_by: r.user,
        uploaded_at: created,
      };
    });
    if (docs.length) await db.insertInto('application_files').values(docs).execute();
    if (r.agRead)
      await db
        .insertInto('application_reads')
        .values({ app_no: row.app_no, user_id: r.user, read_at: new Date(updated.getTime() + 3600_000) })
        .execute();
    if (r.status === '30' && !r.agRead) {
      // The 申請管理 badge: the seeded notification of this request, or a new one.
      const seeded = await db
        .selectFrom('notifications')
        .select('notification_id')
        .where('category_id', '=', 13)
        .where('ag_code', '=', r.ag)
        .where('title', 'like', `%「${r.title}」%`)
        .executeTakeFirst();
      const notificationId =
        seeded?.notification_id ??
        (
          await db
            .insertInto('notifications')
            .values({ category_id: 13, ag_code: r.ag, user_id: null, title: `申請「${r.title}」に回答がありました` })
            .returning('notification_id')
            .executeTakeFirstOrThrow()
        ).notification_id;
      await db
        .insertInto('application_notifications')
        .values({ notification_id: notificationId, app_no: row.app_no })
        .execute();
    }
  }
}
