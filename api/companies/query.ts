// The registered company search (spec 001 登録企業検索): how many companies match a partial name,
// a prefecture and a partial address. Like site search (docs/search.md), a term is answered from
// the GIN index of its bigram keys: two characters by the index alone (a present bigram is the
// term), longer ones by the intersection of their bigrams and then LIKE on the normalised text
// (the bigrams may be apart); a single character has no bigram and is LIKE alone.
import { sql, type Kysely, type SqlBool, type Expression } from 'kysely';
import type { Database } from '../db/schema';
import { containsPattern, indexIsExact, keysLiteral } from '../search/normalise';
import { bigramKeys, companyText } from './text';

export interface CompanyCondition {
  name: string;
  /** '' for every prefecture. */
  prefecture: string;
  /** '' for any address; a part of prefecture + address. */
  address: string;
}

/** The access path: the bigram index, or (the benchmark's baseline) an ILIKE scan of the same text. */
export const companySearchSettings: { matcher: 'index' | 'scan' } = { matcher: 'index' };

function termMatch(
  term: string,
  grams: 'name_grams' | 'address_grams',
  text: 'name_text' | 'address_text',
): Expression<SqlBool>[] {
  if (companySearchSettings.matcher === 'scan') return [sql<SqlBool>`${sql.ref(text)} ilike ${containsPattern(term)}`];
  const keys = bigramKeys(term);
  const out: Expression<SqlBool>[] = [];
  if (keys.length) out.push(sql<SqlBool>`${sql.ref(grams)} @> ${keysLiteral(keys)}::integer[]`);
  if (!indexIsExact(term)) out.push(sql<SqlBool>`${sql.ref(text)} like ${containsPattern(term)}`);
  return out;
}

/** The conditions of a search (the name is required by the form's rules; an empty one matches all). */
export function companyFilters(c: CompanyCondition): Expression<SqlBool>[] {
  const filters: Expression<SqlBool>[] = [];
  const name = companyText(c.name);
  if (name) filters.push(...termMatch(name, 'name_grams', 'name_text'));
  if (c.prefecture) filters.push(sql<SqlBool>`prefecture = ${c.prefecture}`);
  const address = companyText(c.address);
  if (address) filters.push(...termMatch(address, 'address_grams', 'address_text'));
  return filters;
}

export async function countCompanies(db: Kysely<Database>, c: CompanyCondition): Promise<number> {
  const filters = companyFilters(c);
  const row = await db
    .selectFrom('registered_companies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.and(filters))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
