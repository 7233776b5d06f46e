// Portal appearance administration (issue 9, spec 001 sections 2–5): the global navigation and
// icon menu settings become declared forms (schemas/forms/glovalnavi-kanri.json,
// iconmenu-kanri.json). Each setting keeps the fields of its definition that have no column in a
// JSON column, like every declared form; an icon menu row gets the category it links to, whose
// URL fills the row's link (the その他 category keeps a typed URL).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table global_navi_settings add column extra_data jsonb not null default '{}'`,
    `alter table icon_menu_settings add column extra_data jsonb not null default '{}'`,
    `alter table icon_menu_rows add column category_id integer references categories(category_id)`,
  ]);
}
