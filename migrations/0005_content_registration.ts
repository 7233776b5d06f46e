// Content registration (issue 8): fields a content form declares beyond the columns live in
// contents.extra_data (and agent_segments.extra_data for the segment form), so an analyst adds a
// field by editing JSON; admin tags are a column (they are searched by administrators); a
// content's thumbnail is one of the library's (picked by name in the form) or its own upload,
// both rows of `thumbnails` (is_library tells which).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table contents add column extra_data jsonb not null default '{}'::jsonb`,
    `alter table contents add column kanri_tag varchar(500) not null default ''`,
    `alter table agent_segments add column extra_data jsonb not null default '{}'::jsonb`,
    `create table thumbnails (
      thumbnail_id serial primary key,
      thumbnail_name varchar(255) not null,
      file_name varchar(255) not null,
      stored_key varchar(500) not null,
      file_size bigint not null default 0 check (file_size >= 0),
      content_type varchar(100) not null default 'image/png',
      is_library boolean not null default true,
      display_order integer not null default 0,
      created_at timestamptz not null default now()
    )`,
    `create unique index thumbnails_library_name_key on thumbnails (file_name) where is_library`,
    `alter table contents add column thumbnail_id integer references thumbnails(thumbnail_id)`,
  ]);
}
