// Contents and everything the agent portal shows around them: sub-categories, contents with
// their posting period and display target (all / segment / agent codes), links, files, tags,
// banners, icon menu settings, login popups and their check history, favourites, views
// (recently viewed and "read" for the badges), skill-up watch status, incentive figures.
// Dates of the portal (posting, display, reflection) are `date` columns in Asia/Tokyo.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // The registration form that edits a content of the category (updateFormPath), for provider administrators.
    `alter table categories add column update_form_path varchar(255) not null default ''`,
    `create table sub_categories (
      sub_category_id serial primary key,
      category_id integer not null references categories(category_id),
      sub_category_name varchar(100) not null,
      display_order integer not null default 0
    )`,
    `create index sub_categories_category_idx on sub_categories (category_id)`,
    // display_target: 0 all agents, 1 the segment ag_segment_id, 2 the agent codes of content_agents.
    // new_days: the NEW flag shows for that many days from keisai_start (0: never).
    `create table contents (
      content_id serial primary key,
      category_id integer not null references categories(category_id),
      sub_category_id integer references sub_categories(sub_category_id),
      title varchar(255) not null,
      body_html text not null default '',
      keisai_start date not null,
      keisai_end date not null default '9999-12-31',
      jyuyo_flg boolean not null default false,
      jyuyo_start date,
      jyuyo_end date,
      new_days integer not null default 14 check (new_days >= 0),
      last_update date not null,
      display_target varchar(1) not null default '0' check (display_target in ('0', '1', '2')),
      ag_segment_id integer references agent_segments(ag_segment_id),
      created_by varchar(10) not null default '',
      updated_by varchar(10) not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      check (keisai_start <= keisai_end),
      check (display_target <> '1' or ag_segment_id is not null)
    )`,
    `create index contents_category_period_idx on contents (category_id, keisai_start, keisai_end)`,
    `create table content_agents (
      content_id integer not null references contents(content_id) on delete cascade,
      ag_code varchar(8) not null,
      primary key (content_id, ag_code)
    )`,
    `create index content_agents_ag_code_idx on content_agents (ag_code)`,
    `create table content_links (
      content_id integer not null references contents(content_id) on delete cascade,
      row_no integer not null check (row_no between 1 and 3),
      url varchar(2000) not null,
      caption varchar(255) not null default '',
      primary key (content_id, row_no)
    )`,
    // kind: file (documents, downloadable, "download all"), image, video.
    // stored_key names the bytes in the file storage (api/files/storage.ts); file_name is what the user sees.
    `create table content_files (
      file_id serial primary key,
      content_id integer not null references contents(content_id) on delete cascade,
      kind varchar(5) not null check (kind in ('file', 'image', 'video')),
      row_no integer not null,
      file_name varchar(255) not null,
      stored_key varchar(500) not null,
      file_size bigint not null check (file_size >= 0),
      content_type varchar(100) not null,
      explanation varchar(1000) not null default '',
      unique (content_id, kind, row_no)
    )`,
    `create table tags (
      tag_id serial primary key,
      tag_name varchar(50) not null,
      category_id integer references categories(category_id),
      display_order integer not null default 0
    )`,
    `create table content_tags (
      content_id integer not null references contents(content_id) on delete cascade,
      tag_id integer not null references tags(tag_id) on delete cascade,
      primary key (content_id, tag_id)
    )`,
    `create index content_tags_tag_idx on content_tags (tag_id)`,
    // banner_kbn: 01 carousel, 02 side, 03 related links, 04 skill-up training, 05 road to master.
    `create table banners (
      banner_id serial primary key,
      banner_kbn varchar(2) not null check (banner_kbn in ('01', '02', '03', '04', '05')),
      banner_name varchar(255) not null,
      banner_url varchar(2000) not null default '',
      is_separate_tab boolean not null default false,
      caption varchar(255) not null default '',
      image_file_name varchar(255) not null,
      image_key varchar(500) not null,
      image_size bigint not null default 0,
      image_content_type varchar(100) not null default 'image/png',
      disp_start date not null,
      disp_end date not null default '9999-12-31',
      display_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      check (disp_start <= disp_end)
    )`,
    `create index banners_kbn_idx on banners (banner_kbn, disp_start, disp_end)`,
    // Like global_navi_settings: per target (0 default, 1 segment id, 2 agent code), a current list
    // (detail_kbn 01) from reflection_date and an optional scheduled list (02) from scheduled_date.
    `create table icon_menu_settings (
      kanri_id serial primary key,
      setting_name varchar(255) not null,
      target_kbn varchar(1) not null check (target_kbn in ('0', '1', '2')),
      target_code varchar(255) not null default '',
      target_name varchar(255) not null default '',
      reflection_date date not null,
      scheduled_date date,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create table icon_menu_rows (
      row_id serial primary key,
      kanri_id integer not null references icon_menu_settings(kanri_id) on delete cascade,
      detail_kbn varchar(2) not null check (detail_kbn in ('01', '02')),
      menu_name varchar(50) not null,
      link_url varchar(2000) not null default '',
      is_separate_tab boolean not null default false,
      disp_no integer not null default 0,
      image_normal_name varchar(255) not null,
      image_normal_key varchar(500) not null,
      image_normal_type varchar(100) not null default 'image/png',
      image_over_name varchar(255) not null,
      image_over_key varchar(500) not null,
      image_over_type varchar(100) not null default 'image/png'
    )`,
    `create index icon_menu_rows_kanri_idx on icon_menu_rows (kanri_id, detail_kbn)`,
    // A login popup is a content (category 15) with its check pattern (1 "do not show next time",
    // 2 confirm) and check display target (1 all, 2 administrators only).
    `create table login_popups (
      content_id integer primary key references contents(content_id) on delete cascade,
      check_patern varchar(1) not null check (check_patern in ('1', '2')),
      check_disp_target varchar(1) not null check (check_disp_target in ('1', '2'))
    )`,
    `create table popup_check_history (
      user_id varchar(10) not null references users(user_id),
      content_id integer not null references contents(content_id) on delete cascade,
      is_checked boolean not null,
      checked_at timestamptz not null default now(),
      primary key (user_id, content_id)
    )`,
    `create table favorites (
      user_id varchar(10) not null references users(user_id),
      content_id integer not null references contents(content_id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, content_id)
    )`,
    // One row per user and content: "recently viewed" orders by last_viewed_at, and a row means "read".
    `create table content_views (
      user_id varchar(10) not null references users(user_id),
      content_id integer not null references contents(content_id) on delete cascade,
      first_viewed_at timestamptz not null default now(),
      last_viewed_at timestamptz not null default now(),
      view_count integer not null default 1,
      primary key (user_id, content_id)
    )`,
    `create index content_views_recent_idx on content_views (user_id, last_viewed_at)`,
    `create table skilup_watch_status (
      user_id varchar(10) not null references users(user_id),
      content_id integer not null references contents(content_id) on delete cascade,
      is_watched boolean not null,
      updated_at timestamptz not null default now(),
      primary key (user_id, content_id)
    )`,
    // Incentive progress per representative (daihyo) code and report month; amounts in yen
    // (may be negative), kado_id a count of IDs.
    `create table incentive_floating (
      daihyo_code varchar(8) not null,
      hokoku_year integer not null,
      hokoku_month integer not null check (hokoku_month between 1 and 12),
      shorei_ruikei_zokagaku bigint not null default 0,
      shorei_shinchoku_jokyo bigint not null default 0,
      hyosho_ruikei_zokagaku bigint not null default 0,
      hyosho_ruikei_kado_id integer not null default 0,
      updated_at timestamptz not null default now(),
      primary key (daihyo_code, hokoku_year, hokoku_month)
    )`,
  ]);
}
