// Small helpers of the demo data: date arithmetic on yyyy-MM-dd, a deterministic generator, and
// reading a list by index where a miss is a mistake in the data (tests read lists this way too).

/** The item at `index` of `list` (negative counts from the end); throws when there is none. */
export function nth<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`expected an item at index ${index}, the list has ${list.length}`);
  return item;
}

/** The item at `index` wrapping round the list: the demo data reuses a few files many times. */
export function cycle<T>(list: readonly T[], index: number): T {
  return nth(list, index % list.length);
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** mulberry32: the same sequence for the same seed, so the demo data is the same on every load. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => nth(xs, Math.floor(next() * xs.length)),
  };
}
