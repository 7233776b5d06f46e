// The session user of spec section 3 (schemas/wire/auth.ts SessionUser), as the login answer carries it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SessionUser } from '../../../schemas/wire/auth';

export async function loadSessionUser(
  db: Kysely<Database>,
  userId: string,
  pseudo: { userId: string; agCode: string } | null = null,
): Promise<SessionUser> {
  const u = await db
    .selectFrom('users as u')
    .innerJoin('agents as a', 'a.ag_code', 'u.ag_code')
    .selectAll('u')
    .select(['a.ag_name', 'a.invoice_no', 'a.itakumoto_ag_code', 'a.daihyo_code', 'a.saiitaku_flg'])
    .where('u.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const p = pseudo
    ? await db
        .selectFrom('agents')
        .select(['ag_name', 'daihyo_code', 'invoice_no'])
        .where('ag_code', '=', pseudo.agCode)
        .executeTakeFirstOrThrow()
    : null;
  return {
    userId: u.user_id,
    agCode: u.ag_code,
    agName: u.ag_name,
    emailAddress: u.email,
    isLoggedIn: true,
    isAdmin: u.is_admin,
    isProvider: u.is_provider,
    invoiceNo: u.invoice_no,
    roleId: u.role_id,
    itakumotoAgCode: u.itakumoto_ag_code,
    daihyoCode: u.daihyo_code,
    saiitakuFlg: u.saiitaku_flg,
    userName: u.user_name,
    companyName: u.company_name,
    sectionName: u.section_name,
    bikou1: u.bikou1,
    bikou2: u.bikou2,
    isBaseLogin: u.is_base_login,
    baseAgCode: u.ag_code,
    pseudoAgCode: pseudo?.agCode ?? '',
    pseudoAgName: p?.ag_name ?? '',
    pseudoUserId: pseudo?.userId ?? '',
    pseudoDaihyoCode: p?.daihyo_code ?? '',
    pseudoInvoiceNo: p?.invoice_no ?? '',
  };
}
