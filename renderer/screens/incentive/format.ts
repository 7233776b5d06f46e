// Formats of the incentive screen (spec 002 section 2.1): negative figures in the negative style,
// yen with the sign before ¥, chart ticks padded to a fixed width so the axes line up.

/** A figure as the tables carry it: a leading minus, thousands separators, optional decimals and %. */
const NEGATIVE_FIGURE = /^-\d{1,3}(?:,\d{3})*(?:\.\d+)?%?$|^-\d+(?:\.\d+)?%?$/;

export function isNegativeFigure(text: string | number | null | undefined): boolean {
  if (typeof text === 'number') return text < 0;
  return typeof text === 'string' && NEGATIVE_FIGURE.test(text.trim());
}

const grouping = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });

/** ¥1,234,567 / -¥1,234; ¥0 for anything that is not a number. */
export function formatYen(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return '¥0';
  return `${n < 0 ? '-' : ''}¥${grouping.format(Math.abs(n))}`;
}

export function formatCount(value: number): string {
  return `${value < 0 ? '-' : ''}${grouping.format(Math.abs(value))}`;
}

export const TICK_WIDTH = 11;

/**
 * A y-axis tick: the figure with separators, padded to 11 characters with no-break spaces (SVG
 * text and visx's Text collapse or split on ordinary spaces; U+00A0 survives both).
 */
export function tickLabel(value: number, side: 'left' | 'right' = 'left'): string {
  const text = formatCount(Math.round(value));
  return side === 'left' ? text.padStart(TICK_WIDTH, '\u00a0') : text.padEnd(TICK_WIDTH, '\u00a0');
}
