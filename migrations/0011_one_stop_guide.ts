// The one-stop guide (spec 000 /one-stop-gide, spec 001 "One-stop guide top management"): its
// category blocks (the one-stop categories FAQ, 申請フォーム, 提案書, マニュアル with an image
// each, kept as a non-library row of `thumbnails` so it is served like any thumbnail) and the
// contents the provider chose to show in each block, in their display order. The contents stay
// rows of `contents`: the agent page filters them through contentVisibleTo like every read.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table one_stop_categories (
      category_id integer primary key references categories(category_id),
      thumbnail_id integer references thumbnails(thumbnail_id),
      description varchar(255) not null default '',
      display_order integer not null default 0
    )`,
    `create table one_stop_display_targets (
      content_id integer primary key references contents(content_id) on delete cascade,
      category_id integer not null references one_stop_categories(category_id),
      display_order integer not null check (display_order > 0),
      updated_by varchar(10) not null default '',
      updated_at timestamptz not null default now()
    )`,
    `create index one_stop_display_targets_category_idx on one_stop_display_targets (category_id, display_order)`,
  ]);
}
