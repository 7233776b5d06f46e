// Skill-up and events (spec 002 sections 2.2–2.5 and 3, spec 001 イベント登録 and イベント申込
// ダウンロード). Skill-up contents (category 6 videos, category 8 playbook chapters) and events
// (category 7) are rows of `contents` like every other content, so posting period, display
// target, links, files and tags stay in the shared tables and contentVisibleTo applies; the
// tables here hold only what is specific to them, keyed by content_id (like login_popups).
// docs/skilup-events.md describes them for the registration forms.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // A skill-up program (the registration form's "skill-up name", skilupNameList): the video
    // hub's program(s) belong to category 6, the sales playbook (営業虎の巻) to category 8.
    // The display counts are the server values the screens start from (spec 002 section 4).
    `create table skilup_programs (
      skilup_id serial primary key,
      category_id integer not null references categories(category_id),
      skilup_name varchar(100) not null,
      display_order integer not null default 0,
      new_video_disp_num integer not null default 3 check (new_video_disp_num > 0),
      video_list_disp_num integer not null default 3 check (video_list_disp_num > 0),
      disp_count integer not null default 3 check (disp_count > 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    // A phase of a program (phaseListData, skilupPhaseList). icon_name names one of the
    // renderer's phase icons; is_open: the section starts expanded.
    `create table skilup_phases (
      phase_id serial primary key,
      skilup_id integer not null references skilup_programs(skilup_id) on delete cascade,
      phase_name varchar(100) not null,
      phase_title varchar(255) not null default '',
      icon_name varchar(100) not null default '',
      is_open boolean not null default false,
      display_order integer not null default 0
    )`,
    `create index skilup_phases_program_idx on skilup_phases (skilup_id, display_order)`,
    // The skill-up fields of a content (category 6 or 8): its program and phase, its place in the
    // phase (its thumbnail is the content's, contents.thumbnail_id of 0005; none: the renderer takes
    // the first video's frame at 1 s), and
    // the playbook chapter's name, heading and comment, and the training video its modal plays
    // (chapterCategoryId / chapterContentsId; none: the chapter's own videos).
    `create table skilup_contents (
      content_id integer primary key references contents(content_id) on delete cascade,
      skilup_id integer not null references skilup_programs(skilup_id),
      phase_id integer not null references skilup_phases(phase_id),
      display_order integer not null default 0,
      chapter_name varchar(100) not null default '',
      chapter_title varchar(255) not null default '',
      chapter_comment varchar(1000) not null default '',
      video_content_id integer references contents(content_id) on delete set null
    )`,
    `create index skilup_contents_phase_idx on skilup_contents (phase_id, display_order)`,
    // The playbook's comments (skilupCommentList), per program, in order.
    `create table skilup_comments (
      comment_id serial primary key,
      skilup_id integer not null references skilup_programs(skilup_id) on delete cascade,
      comment_text varchar(1000) not null,
      display_order integer not null default 0
    )`,
    // The event fields of a content (category 7): when it is held (kaisaiDate, optional end),
    // the entry deadline (registrationEndDate), venue, capacity (null: no limit), the message
    // added to the completion modal (completeAddMessage), the text of the confirmation mail
    // (mailMessage) and the entry download's CSV file name (the thumbnail is the content's).
    `create table events (
      content_id integer primary key references contents(content_id) on delete cascade,
      kaisai_at timestamptz not null,
      kaisai_end_at timestamptz,
      registration_end_at timestamptz not null,
      venue varchar(255) not null default '',
      capacity integer check (capacity is null or capacity > 0),
      complete_add_message varchar(1000) not null default '',
      mail_message text not null default '',
      csv_file_name varchar(255) not null default '',
      check (kaisai_end_at is null or kaisai_end_at >= kaisai_at)
    )`,
    `create index events_kaisai_idx on events (kaisai_at)`,
    // One row per application. A cancellation keeps the row (cancelled_at) so the entry download
    // can tell; applying again adds a new row. At most one live application per user and event.
    // applied_by: the user who pressed the button (the provider administrator during pseudo-login).
    `create table event_entries (
      entry_id serial primary key,
      content_id integer not null references events(content_id) on delete cascade,
      user_id varchar(10) not null references users(user_id),
      ag_code varchar(8) not null,
      applied_by varchar(10) not null,
      applied_at timestamptz not null default now(),
      cancelled_at timestamptz,
      cancelled_by varchar(10)
    )`,
    `create unique index event_entries_live_idx on event_entries (content_id, user_id) where cancelled_at is null`,
    `create index event_entries_user_idx on event_entries (user_id)`,
  ]);
}
