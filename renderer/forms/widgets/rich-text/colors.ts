// The colour classes of the contents editor (spec 000 section 9: "colour classes convert between
// inline rgb colours and class names"). The stored HTML carries the class; pasted or older HTML
// with an inline colour is mapped to the nearest class. colors.css styles them everywhere the
// HTML is shown.
export interface TextColor {
  className: string;
  label: string;
  rgb: [number, number, number];
}

export const TEXT_COLORS: readonly TextColor[] = [
  { className: 'txt-red', label: '赤', rgb: [204, 0, 0] },
  { className: 'txt-orange', label: 'オレンジ', rgb: [214, 105, 0] },
  { className: 'txt-green', label: '緑', rgb: [0, 128, 64] },
  { className: 'txt-blue', label: '青', rgb: [0, 90, 190] },
  { className: 'txt-purple', label: '紫', rgb: [110, 60, 160] },
  { className: 'txt-gray', label: 'グレー', rgb: [110, 110, 110] },
];

const byClass = new Map(TEXT_COLORS.map((c) => [c.className, c]));

export function isColorClass(name: string): boolean {
  return byClass.has(name);
}

export function colorCss(className: string): string {
  const c = byClass.get(className);
  return c ? `rgb(${c.rgb.join(', ')})` : '';
}

/** rgb(…), rgba(…), #rgb or #rrggbb → [r, g, b]. */
export function parseCssColor(value: string): [number, number, number] | null {
  const v = value.trim().toLowerCase();
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(v);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v);
  if (hex) {
    const digits = hex[1] ?? '';
    const h =
      digits.length === 3
        ? digits
            .split('')
            .map((c) => c + c)
            .join('')
        : digits;
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
  }
  return null;
}

/** The class of an inline colour: the nearest of the palette, none for black-ish text. */
export function classOfCssColor(value: string): string | undefined {
  const rgb = parseCssColor(value);
  if (!rgb) return undefined;
  if (Math.max(...rgb) < 60) return undefined; // plain text colour
  let best: TextColor | undefined;
  let bestDistance = Infinity;
  for (const c of TEXT_COLORS) {
    const d = (c.rgb[0] - rgb[0]) ** 2 + (c.rgb[1] - rgb[1]) ** 2 + (c.rgb[2] - rgb[2]) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best?.className;
}
