// Reading by index in tests: with noUncheckedIndexedAccess an index may miss, and a test that
// reaches past what it got should fail there with a message that says so, not on a later
// "cannot read properties of undefined".

export { nth } from '../../seeds/seed-utils';

/** `value` itself; throws, naming `what`, when it is undefined or null. */
export function present<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what} to be present`);
  return value;
}
