// The mail modal's address rules (spec 002 section 5 "Mail modal"), shared by the renderer (errors
// inline per field) and the API (mailCheck, sendMail): up to five addresses each for To, Cc and
// Bcc; each printable ASCII (ERR_0018) and shaped local@domain.tld (ERR_0020); at least one over
// all fields (ERR_0001); no address twice across the fields, compared case-insensitively (ERR_0017).
import { isEmailShape, isPrintableAscii } from './text';

export type MailField = 'to' | 'cc' | 'bcc';
export const MAIL_FIELDS: readonly MailField[] = ['to', 'cc', 'bcc'];
export const MAIL_FIELD_LABELS: Record<MailField, string> = { to: 'To', cc: 'Cc', bcc: 'Bcc' };
export const MAIL_INPUTS_PER_FIELD = 5;

export type MailList = Record<MailField, string[]>;

export interface MailFailure {
  /** The field, and the input (0-based) when the message is about one address. */
  field: MailField | '';
  index?: number;
  messageId: string;
  args: string[];
}

/** The filled addresses, trimmed, per field. */
export function cleanMailList(list: Partial<Record<MailField, readonly (string | null | undefined)[]>>): MailList {
  const out = { to: [], cc: [], bcc: [] } as MailList;
  for (const f of MAIL_FIELDS) out[f] = (list[f] ?? []).map((a) => String(a ?? '').trim()).filter((a) => a !== '');
  return out;
}

/** Every failure of the address lists, in field order. */
export function checkMailList(raw: Partial<Record<MailField, readonly (string | null | undefined)[]>>): MailFailure[] {
  const out: MailFailure[] = [];
  const seen = new Map<string, MailField>();
  let count = 0;
  for (const f of MAIL_FIELDS) {
    const inputs = (raw[f] ?? []).map((a) => String(a ?? '').trim());
    if (inputs.length > MAIL_INPUTS_PER_FIELD)
      out.push({ field: f, messageId: 'ERR_0025', args: [`${MAIL_FIELD_LABELS[f]}の件数`] });
    inputs.forEach((a, index) => {
      if (a === '') return;
      count++;
      const label = `${MAIL_FIELD_LABELS[f]}${index + 1}`;
      if (!isPrintableAscii(a)) out.push({ field: f, index, messageId: 'ERR_0018', args: [label] });
      else if (!isEmailShape(a) || a.length > 254) out.push({ field: f, index, messageId: 'ERR_0020', args: [label] });
      const key = a.toLowerCase();
      if (seen.has(key)) out.push({ field: f, index, messageId: 'ERR_0017', args: [`メールアドレス（${a}）`] });
      else seen.set(key, f);
    });
  }
  if (count === 0) out.unshift({ field: '', messageId: 'ERR_0001', args: ['送信先メールアドレス'] });
  return out;
}
