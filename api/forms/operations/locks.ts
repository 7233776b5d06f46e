// Edit locks (store.locks, docs/forms.md): advisory, per record, lapsing `minutes` after the
// holder's last activity. The forms of one table (its two sides) share the lock calls' paths;
// the caller's side picks the form. The save gives a lock back or keeps it (save-features.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../../authority/permissions';
import { problem } from '../../http/problems';
import { keyBodySchema } from '../call-schema';
import { parseKey } from '../wire-record';
import { editableAfter, isoOf, lockedByOther, releaseLock, takeLock, touchLock } from '../workflow-store';
import { ctxOf, holderOf, loadRecord, notFound, type Body, type Served } from './opening';
import { declaredRoute } from './route';

type LockKind = 'check' | 'set' | 'release' | 'latest';

/** The lock calls of all forms, by path. */
export class LockCalls {
  private readonly byPath = new Map<string, { kind: LockKind; forms: Served[] }>();

  add(s: Served): void {
    for (const [kind, path] of Object.entries(s.form.store?.locks?.calls ?? {}) as [LockKind, string][]) {
      const entry = this.byPath.get(path) ?? { kind, forms: [] };
      entry.forms.push(s);
      this.byPath.set(path, entry);
    }
  }

  register(app: FastifyInstance): void {
    for (const [path, { kind, forms }] of this.byPath) registerLockCall(app, path, kind, forms);
  }
}

function registerLockCall(app: FastifyInstance, path: string, kind: LockKind, forms: Served[]): void {
  const first = forms[0]?.form;
  const bodyKey = first?.store?.locks?.bodyKey ?? '';
  const documented = keyBodySchema(bodyKey, first?.schema.properties[first.store?.key.field ?? '']);
  declaredRoute(
    app,
    path,
    { description: `Edit lock: ${kind}`, of: `declared forms ${forms.map((f) => f.form.id).join(', ')}`, documented },
    async (request) => {
      const body = request.body as Body;
      const served = await sideForm(app, request, forms);
      const { form, hook } = served;
      const locks = form.store!.locks!;
      const ctx = ctxOf(app, request, form);
      const id = parseKey(body[locks.bodyKey], served.serialKey);
      if (id === null) throw notFound(form);
      const { record, row } = await loadRecord(ctx, served, id, (await hook.scope?.(ctx, {})) ?? {});
      await hook.authorize?.(ctx, record, 'load');
      const now = app.clock.now();
      const userId = ctx.caller.userId;
      switch (kind) {
        case 'check':
          return { checkResult: await lockedByOther(app.db, locks, id, userId, now) };
        case 'set': {
          const status = form.store?.workflow?.status.column;
          if (!status || editableAfter(form, String(row[status]))) await takeLock(app.db, locks, id, userId, now);
          return {};
        }
        case 'release':
          await releaseLock(app.db, locks, id, userId);
          return {};
        case 'latest': {
          await touchLock(app.db, locks, id, userId, now);
          const o = form.store?.optimistic;
          return { latestUpdDate: o ? isoOf(row[o.column]) : '' };
        }
      }
    },
  );
}

/** The form of the caller's side among those sharing a call: the first whose permission and hook admit the caller; else 403. */
async function sideForm(app: FastifyInstance, request: FastifyRequest, forms: Served[]): Promise<Served> {
  for (const s of forms) {
    if (!(await can(app.db, holderOf(s.hook, request.caller!), s.form.permission.categoryId))) continue;
    try {
      await s.hook.admits?.(ctxOf(app, request, s.form));
      return s;
    } catch {
      // not this side
    }
  }
  throw problem.forbidden();
}
