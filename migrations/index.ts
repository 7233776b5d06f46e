// The ordered list of migrations. Forward-only: add a new file, never edit a landed one.
import type { Migration } from 'kysely';
import * as m0001 from './0001_platform';

export const migrations: Record<string, Migration> = {
  '0001_platform': m0001,
};
