// What stored rich text may contain (spec 000 section 9), shared by the editor in the browser and
// the server's sanitiser (api/resources/content/sanitize-html.ts), which cleans whatever the browser sent
// before it is stored: the editor's own tags, links to http(s) and mailto, and the colour classes.

/** The tags the editor writes. */
export const RICH_TEXT_TAGS: readonly string[] = ['p', 'br', 'strong', 'em', 'u', 'span', 'ul', 'ol', 'li', 'a'];

/** The link schemes kept in href. */
export const RICH_TEXT_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];

/** One colour of the editor's palette: the stored class, its label, the colour it shows. */
export interface TextColor {
  className: string;
  label: string;
  rgb: [number, number, number];
}

/** The colour classes (colors.css of the editor styles them everywhere the HTML is shown). */
export const TEXT_COLORS: readonly TextColor[] = [
  { className: 'txt-red', label: '赤', rgb: [204, 0, 0] },
  { className: 'txt-orange', label: 'オレンジ', rgb: [214, 105, 0] },
  { className: 'txt-green', label: '緑', rgb: [0, 128, 64] },
  { className: 'txt-blue', label: '青', rgb: [0, 90, 190] },
  { className: 'txt-purple', label: '紫', rgb: [110, 60, 160] },
  { className: 'txt-gray', label: 'グレー', rgb: [110, 110, 110] },
];

const classes = new Set(TEXT_COLORS.map((c) => c.className));

export function isColorClass(name: string): boolean {
  return classes.has(name);
}
