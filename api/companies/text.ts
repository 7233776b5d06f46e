// The searchable form of a company's name and address: site search's one normalisation
// (api/search/normalise.ts: NFKC, lower case, hyphen and wave-dash look-alikes unified) with every
// space removed, since spaces in a company name or an address are layout, not meaning
// (株式会社 さくら文具 is found by 株式会社さくら). Names and inputs go through the same function.
import { bigramKeys, documentKeys, keysLiteral, normalizeText } from '../search/normalise';

export function companyText(s: string): string {
  return normalizeText(s).replaceAll(' ', '');
}

/** The int4[] literal of a searchable text's bigram keys. */
export function gramsOf(text: string): string {
  return keysLiteral(documentKeys([text]));
}

export { bigramKeys };
