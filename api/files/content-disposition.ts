// Content-Disposition with the file name for every browser (RFC 6266 / RFC 8187): an ASCII
// fallback in filename="…" and the real, percent-encoded UTF-8 name in filename*=UTF-8''….
// The renderer reads the name from this header (spec 000 section 7, default downloaded_file).

/** RFC 8187 value characters: attr-char is ALPHA / DIGIT / "!#$&+-.^_`|~". */
export function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The name with path parts, control characters and quotes removed. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean || 'downloaded_file';
}

/** ASCII fallback: the name itself when it is printable ASCII, else downloaded_file with its extension. */
export function asciiFallback(name: string): string {
  if (/^[\x20-\x7e]+$/.test(name)) return name.replace(/[\\"]/g, '_');
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? '';
  return `downloaded_file${ext}`;
}

export function contentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const clean = cleanFileName(name);
  return `${kind}; filename="${asciiFallback(clean)}"; filename*=UTF-8''${encodeRfc8187(clean)}`;
}
