// Dev mode: the API watches schemas/forms and schemas/lists (and the shared fragments they may
// reference) and reads the definitions again when a file changes, so an edited form or list is
// served (and its rules enforced on save) within a moment, without a restart. A change that
// breaks the check keeps the last sound set and says why in the log and to the screens that
// follow the changes (routes.ts, the events call).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { reloadDefinitionsInto } from '../forms/registry';
import type { DefinitionSet } from '../../schemas/meta/types';

/** What a reload did: told to every follower of the events call. */
export interface ReloadOutcome {
  /** Counts up with every reload attempt. */
  version: number;
  /** Files that changed (schemas/forms/ag-user.json). */
  files: string[];
  /** Whether the served set is now the files' (false: a problem kept the previous one). */
  ok: boolean;
  /** The check's report when not ok. */
  error?: string;
}

export interface DefinitionWatcher {
  /** Calls `listener` after each reload; returns the unsubscribe. */
  onReload(listener: (outcome: ReloadOutcome) => void): () => void;
  /** The latest outcome (version 0: nothing reloaded yet). */
  latest(): ReloadOutcome;
  close(): void;
}

/** Edits arrive as several events (an editor writes, renames, touches): one reload after they settle. */
const SETTLE_MS = 120;

export function watchDefinitions(set: DefinitionSet, dir: string, log: FastifyBaseLogger): DefinitionWatcher {
  const listeners = new Set<(outcome: ReloadOutcome) => void>();
  let current: ReloadOutcome = { version: 0, files: [], ok: true };
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const reload = () => {
    timer = undefined;
    const files = [...pending].sort();
    pending = new Set();
    try {
      reloadDefinitionsInto(set, dir);
      current = { version: current.version + 1, files, ok: true };
      log.info({ files }, 'definitions reloaded');
    } catch (err) {
      current = { version: current.version + 1, files, ok: false, error: (err as Error).message };
      log.warn(`definitions not reloaded, the previous ones are still served: ${(err as Error).message}`);
    }
    for (const listener of listeners) listener(current);
  };

  // Fragments (shared parts a definition references), where the schemas directory has them.
  const watchers = (['forms', 'lists', 'fragments'] as const)
    .filter((sub) => fs.existsSync(path.join(dir, sub)))
    .map((sub) =>
      fs.watch(path.join(dir, sub), (_event, name) => {
        if (name && !String(name).endsWith('.json')) return; // editors' swap and backup files
        pending.add(`schemas/${sub}/${name ? String(name) : ''}`);
        clearTimeout(timer);
        timer = setTimeout(reload, SETTLE_MS);
      }),
    );

  return {
    onReload(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    latest: () => current,
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      listeners.clear();
    },
  };
}
