// The one normalisation of site search (docs/search.md), used when a content is indexed and when
// a keyword is searched, so both sides compare the same characters:
//   NFKC (full-width ＡＢＣ１２３ → ABC123, half-width ｶﾀｶﾅ → カタカナ, U+3000 → space, ㈱ → (株)),
//   lower case, the hyphen and wave-dash look-alikes unified, every run of white space → one
//   space. Katakana and hiragana are NOT folded into each other (カタログ does not find かたろぐ):
//   the script is part of how a Japanese word is spelled, and folding would bring hits nobody
//   typed. Body HTML is reduced to its text first: tags, attributes, comments, script and style
//   are dropped, entities decoded, block elements end a line (a keyword never spans paragraphs).

const HYPHENS = /[\u2010-\u2013\u2212\ufe63\uff0d]/g; // ‐ ‑ ‒ – − ﹣ － → -
const WAVE_DASHES = /[\u301c\uff5e]/g; // 〜 ～ → ~
const WHITE_SPACE = /[\s\u00a0\u3000\u200b\ufeff]+/g;

/** Text as it is indexed and searched. */
export function normalizeText(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(HYPHENS, '-')
    .replace(WAVE_DASHES, '~')
    .replace(WHITE_SPACE, ' ')
    .trim();
}

// ---- HTML → text --------------------------------------------------------------------------

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
const SKIPPED_CONTENT = new Set(['script', 'style', 'template', 'noscript']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  yen: '¥',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  times: '×',
  divide: '÷',
  middot: '·',
  bull: '•',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  deg: '°',
  plusmn: '±',
  sect: '§',
  para: '¶',
  euro: '€',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : ' ';
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** End of a tag that starts at `from` (the '<'), skipping quoted attribute values; -1 if none. */
function tagEnd(html: string, from: number): number {
  let quote = '';
  for (let i = from + 1; i < html.length; i++) {
    const ch = html[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '>') {
      return i;
    }
  }
  return -1;
}

/** The visible text of rich-text HTML: no tags, no attribute values, no comments or scripts. */
export function htmlToText(html: string): string {
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, lt);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const m = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 40));
    if (!m) {
      // A '<' that opens no tag ("1 < 2", or "<!doctype"/"<?...>" handled as a tag below) is text.
      if (html[lt + 1] === '!' || html[lt + 1] === '?') {
        const end = tagEnd(html, lt);
        i = end < 0 ? html.length : end + 1;
      } else {
        out += '<';
        i = lt + 1;
      }
      continue;
    }
    const end = tagEnd(html, lt);
    if (end < 0) break; // an unterminated tag: the rest is inside it
    const name = (m[1] ?? '').toLowerCase();
    const closing = html[lt + 1] === '/';
    if (BLOCK_TAGS.has(name)) out += '\n';
    i = end + 1;
    if (!closing && SKIPPED_CONTENT.has(name)) {
      const close = new RegExp(`</${name}`, 'ig');
      close.lastIndex = i;
      i = close.exec(html)?.index ?? html.length;
    }
  }
  return decodeEntities(out);
}

// ---- Keywords -----------------------------------------------------------------------------

/**
 * The search terms of a keyword: normalised, split at spaces (all must be found). When every
 * term is a single character ("研 修"), they are one term written with spaces ("研修"): the
 * keyword rule counts the characters without spaces, so that is what was asked for.
 */
export function searchTerms(keyword: string): string[] {
  const terms = normalizeText(keyword)
    .split(' ')
    .filter((t) => t !== '');
  if (terms.length > 1 && terms.every((t) => codePoints(t).length < 2)) return [terms.join('')];
  return [...new Set(terms)];
}

export function codePoints(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0)!);
  return out;
}

/**
 * The index key of two adjacent characters (an int4). Pairs of BMP characters map one-to-one
 * ((a − 32768) × 65536 + b); a pair with a character beyond U+FFFF is folded into the range of
 * lone surrogates (which never occur in text), so it can collide only with another such pair
 * and the LIKE recheck removes the false candidate.
 */
export function bigramKey(a: number, b: number): number {
  if (a > 0xffff || b > 0xffff) return (0xd800 + (a % 2048) - 32768) * 65536 + (b % 65536);
  return (a - 32768) * 65536 + b;
}

/** Appends the keys of the adjacent pairs of `text` (pairs with a space are not indexed) to buf. */
function pushKeys(text: string, buf: Int32Array, n: number): number {
  let prev = -1;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    if (prev >= 0 && prev !== 0x20 && cp !== 0x20) buf[n++] = bigramKey(prev, cp);
    prev = cp;
  }
  return n;
}

/** The keys a text (or each field of a document) is indexed under, distinct and ascending; never a pair across two fields. */
export function documentKeys(fields: readonly string[]): number[] {
  const buf = new Int32Array(fields.reduce((sum, f) => sum + f.length, 0));
  let n = 0;
  for (const f of fields) n = pushKeys(f, buf, n);
  const keys = buf.subarray(0, n).sort();
  // Indexed loops, not iterators: this runs for every document of a rebuild.
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (i === 0 || keys[i] !== keys[i - 1]) out.push(keys[i]!);
  return out;
}

/** Distinct keys of the adjacent pairs of a normalised term. */
export function bigramKeys(term: string): number[] {
  return documentKeys([term]);
}

/** An int4[] literal ('{1,2,3}') of keys, for a parameter cast to integer[]. */
export function keysLiteral(keys: readonly number[]): string {
  return `{${keys.join(',')}}`;
}

/** The index alone answers the term exactly (two BMP characters); anything else is rechecked with LIKE. */
export function indexIsExact(term: string): boolean {
  const cps = codePoints(term);
  return cps.length === 2 && cps.every((c) => c <= 0xffff && c !== 0x20);
}

/** A LIKE pattern that finds the term anywhere (%, _ and \ escaped). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
