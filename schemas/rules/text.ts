// Pure character helpers shared by forms (browser and Node: no DOM, no Node-only APIs).
// Empty strings pass the character checks; "required" is a separate rule.

/** Length in Unicode code points: a surrogate pair such as 𠮷 counts as one. */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Only half-width printable ASCII (space to ~). */
export function isPrintableAscii(s: string): boolean {
  return /^[\x20-\x7E]*$/.test(s);
}

/** Only half-width A-Z a-z 0-9 (full-width letters and digits are rejected). */
export function isAlphanumeric(s: string): boolean {
  return /^[A-Za-z0-9]*$/.test(s);
}

/** A simple local@domain.tld shape: no spaces, one @, a dot-separated domain with non-empty labels. */
export function isEmailShape(s: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(s);
}

/** Any character above U+FFFF (stored as a surrogate pair in UTF-16), e.g. 𠮷 or emoji. */
export function hasSurrogatePair(s: string): boolean {
  return /[\u{10000}-\u{10FFFF}]/u.test(s);
}

/** Any combining mark (Unicode category M), e.g. the combining voiced mark U+3099 in か + ゙. */
export function hasCombiningMark(s: string): boolean {
  return /\p{M}/u.test(s);
}

/** The spec's forbidden half-width symbols: ' < > & ( ) , { } */
export function hasForbiddenSymbols(s: string): boolean {
  return /['<>&(),{}]/.test(s);
}

// The Shift_JIS-convertible set, built once on first use (≈50 ms) by decoding every
// 1-byte and 2-byte sequence with the platform decoder. TextDecoder('shift_jis') is the
// WHATWG/CP932-style mapping (Node 20 via ICU, browsers natively), so what we accept is:
//   - ASCII (0x5C is '\', 0x7E is '~'), half-width katakana (0xA1-0xDF);
//   - JIS X 0208 with the Windows mappings: 0x8160 is ～ U+FF5E (so 〜 U+301C WAVE DASH is
//     rejected), 0x817C is － U+FF0D (so − U+2212 is rejected), likewise ‖ U+2016, — U+2014, ¢ £ ¬;
//   - the NEC special rows and NEC/IBM extensions (①②, Ⅰ, ⅰ, ㈱, 髙, 﨑 …).
// Deliberately excluded although decodable: the user-defined area 0xF040-0xF9FC (private-use
// U+E000-U+F8FF, "gaiji" that only render on the author's machine) and control characters
// other than TAB, LF and CR.
let convertible: Set<number> | undefined;

function convertibleSet(): Set<number> {
  if (convertible) return convertible;
  const set = new Set<number>([0x09, 0x0a, 0x0d]);
  const decoder = new TextDecoder('shift_jis', { fatal: true });
  const add = (bytes: Uint8Array) => {
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      return; // not a valid sequence
    }
    const [only, ...more] = text;
    if (only === undefined || more.length) return; // e.g. two single-byte characters, not one 2-byte one
    const cp = only.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return; // controls
    if (cp >= 0xe000 && cp <= 0xf8ff) return; // private use (user-defined area)
    set.add(cp);
  };
  for (let b = 0; b <= 0xff; b++) add(Uint8Array.of(b));
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead >= 0xa0 && lead <= 0xdf) continue; // single-byte katakana range, not lead bytes
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      if (trail !== 0x7f) add(Uint8Array.of(lead, trail));
    }
  }
  convertible = set;
  return set;
}

/** True when every character can be written in Shift_JIS (CP932 flavour, see above). */
export function isShiftJisConvertible(s: string): boolean {
  const set = convertibleSet();
  for (const ch of s) {
    if (!set.has(ch.codePointAt(0)!)) return false;
  }
  return true;
}

/** The ERR_0026 check: Shift_JIS convertible, no combining marks, no characters above U+FFFF. */
export function isUsableText(s: string): boolean {
  return !hasSurrogatePair(s) && !hasCombiningMark(s) && isShiftJisConvertible(s);
}
