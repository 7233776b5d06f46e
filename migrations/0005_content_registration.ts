// Content registration (issue 8): fields a content form declares beyond the columns live in
// contents.extra_data (and agent_segments.extra_data for the segment form), so an analyst adds a
// field by editing JSON; admin tags are a column (they are searched by administrators); a
// content may have an uploaded thumbnail (content_files kind 'thumb') or one of the preset
// thumbnails (thumbnails table, chosen by name).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table contents add column extra_data jsonb not null default '{}'::jsonb`,
    `alter table contents add column kanri_tag varchar(500) not null default ''`,
    `alter table agent_segments add column extra_data jsonb not null default '{}'::jsonb`,
    `alter table content_files drop constraint content_files_kind_check`,
    `alter table content_files add constraint content_files_kind_check check (kind in ('file', 'image', 'video', 'thumb'))`,
    `create table thumbnails (
      thumbnail_id serial primary key,
      thumbnail_name varchar(100) not null,
      file_name varchar(255) not null unique,
      stored_key varchar(500) not null,
      content_type varchar(100) not null default 'image/png',
      display_order integer not null default 0
    )`,
  ]);
}
