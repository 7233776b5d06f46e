// Registered companies (spec 001 登録企業検索, /customer-serch): the companies the supplier has
// registered, imported as a whole from a CSV (npm run companies:import, docs/customer-search.md),
// and searched by a partial name, a prefecture and a partial address. The screen answers only
// the count of matching companies.
//
// - company_imports: one row per import (file, rows, who, when); the newest is the screen's
//   import date. An import replaces every company in one transaction.
// - registered_companies: the company as imported, plus its searchable form: name_text and
//   address_text (prefecture + address) normalised by api/companies/text.ts (site search's
//   normaliser, spaces removed), and name_grams / address_grams, the keys of their adjacent
//   character pairs (api/search/normalise.ts). The GIN indexes over the keys are the bigram
//   posting lists, as in search_documents (0004): a partial name of two characters is answered
//   by the index alone, a longer one by the intersection of its bigrams, rechecked with LIKE.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table company_imports (
      import_id serial primary key,
      file_name varchar(255) not null,
      row_count integer not null,
      imported_by varchar(100) not null,
      imported_at timestamptz not null default now()
    )`,
    `create table registered_companies (
      company_id serial primary key,
      company_code varchar(20) not null unique,
      company_name varchar(255) not null,
      postal_code varchar(8) not null default '',
      prefecture varchar(4) not null,
      address varchar(255) not null default '',
      name_text text not null,
      address_text text not null,
      name_grams integer[] not null,
      address_grams integer[] not null,
      import_id integer references company_imports(import_id)
    )`,
    `create index registered_companies_name_idx on registered_companies using gin (name_grams)`,
    `create index registered_companies_address_idx on registered_companies using gin (address_grams)`,
    `create index registered_companies_prefecture_idx on registered_companies (prefecture)`,
  ]);
}
