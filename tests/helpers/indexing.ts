// Reading by index in tests: with noUncheckedIndexedAccess an index may miss, and a test that
// reaches past what it got should fail there with a message that says so, not on a later
// "cannot read properties of undefined".

/** The item at `index` of `list` (negative counts from the end); throws when there is none. */
export function nth<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`expected an item at index ${index}, the list has ${list.length}`);
  return item;
}

/** `value` itself; throws, naming `what`, when it is undefined or null. */
export function present<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what} to be present`);
  return value;
}
