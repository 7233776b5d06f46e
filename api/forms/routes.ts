// The server half of declared forms (docs/forms.md, "The server half"): for every definition with
// a `store`, the spec's own paths of its `calls` (load, create, update, delete, list), its
// initial-data call, its hook's further calls and its edit-lock calls are served from the
// definition, one module per operation under operations/, all opening the same way
// (operations/opening.ts). The hooks (what differs per form) come from the app as an option.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { registerData, registerFurtherCalls } from './operations/calls';
import { registerDelete } from './operations/delete';
import { registerList } from './operations/list';
import { registerLoad } from './operations/load';
import { LockCalls } from './operations/locks';
import { served, type FormHooks } from './operations/opening';
import { registerSave } from './operations/save';

export interface DeclaredFormOptions {
  /** The named hooks a definition may refer to in `store.hook`. */
  hooks: FormHooks;
}

export default async function declaredFormRoutes(app: FastifyInstance, opts: DeclaredFormOptions) {
  // A file over MAX_FILE_SIZE is cut short rather than failing the request, so the answer is the rule's ERR_0024.
  await app.register(multipart, { limits: { files: 5, fields: 50 }, throwFileSizeLimit: false });
  const locks = new LockCalls();
  for (const form of app.definitions.forms.values()) {
    if (!form.store) continue;
    const s = served(form, opts.hooks);
    const calls = form.calls ?? {};
    if (calls.load) registerLoad(app, s, calls.load);
    if (calls.create) registerSave(app, s, 'new', calls.create);
    if (calls.update) {
      registerSave(app, s, 'update', calls.update);
      // Workflow option: a further path that takes one action with the update's body (a withdrawal).
      for (const [action, path] of Object.entries(form.store.workflow?.calls ?? {}))
        registerSave(app, s, 'update', { ...calls.update, call: path, encoding: 'json' }, action);
    }
    // deleteMany: a delete by a list's selection, not offered on the form's own screen.
    for (const call of [calls.delete, calls.deleteMany]) if (call) registerDelete(app, s, call);
    if (calls.list) registerList(app, s, calls.list);
    // With several initial-data calls, the hook answers the first (the form's own); the others are other areas' calls.
    const data = form.data ? [form.data].flat()[0] : undefined;
    if (data) registerData(app, s, data);
    locks.add(s);
    registerFurtherCalls(app, s);
  }
  locks.register(app);
}
