// "A column added to a list definition is served and drawn with no TypeScript" (docs/forms.md,
// List calls), the list counterpart of form-field-added.test.ts: the agent-user list and its form
// get a column backed by an existing table column (users.login_id) in their loaded definitions
// only — nothing else changes — and the list call answers it for every row, filters by it when a
// condition maps to it, and the served list definition carries the column the renderer draws
// (its rows sort by it with the renderer's own sort, as a header click does).
import t from 'tap';
import type { FormDefinition, ListDefinition } from '../../schemas/meta/types';
import { sortRows } from '../../renderer/forms/list/rows';
import { createTestApp, type TestApp } from '../helpers/test-app';

function restoring<T extends object>(t: { teardown(fn: () => void): void }, definition: T): T {
  const saved = JSON.stringify(definition);
  t.teardown(() => {
    for (const k of Object.keys(definition)) delete (definition as Record<string, unknown>)[k];
    Object.assign(definition, JSON.parse(saved));
  });
  return definition;
}

t.test('a column added to a list definition is answered by its list call and served for drawing', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const admin = (await h.signIn('demo-agadmin')).token; // administrator of A0000001
  const list = (cond: Record<string, unknown>) =>
    h.post('/api/AgUser/getAgUserList', { systemKbn: '01', agUserSearchCond: cond }, { token: admin });

  const before = (await list({})).json().agUserDataList as Record<string, unknown>[];
  t.ok(before.length >= 2, 'the agent has users');
  t.notOk('loginId' in (before[0] ?? {}), 'no such column before');

  const form = restoring(t, h.app.definitions.forms.get('ag-user') as FormDefinition);
  const def = restoring(t, h.app.definitions.lists.get('ag-user') as ListDefinition);
  form.schema.properties.loginId = { type: 'string', title: 'ログインID' };
  form.store!.columns.loginId = 'login_id';
  form.calls!.list!.where = { ...form.calls!.list!.where, loginId: 'prefix' };
  def.columns.push({ key: 'loginId', label: 'ログインID', kind: 'text', sortable: true, defaultDirection: 'desc' });
  def.search!.schema.properties.loginId = { type: 'string', title: 'ログインID' };

  const res = await list({});
  t.equal(res.statusCode, 200, res.body);
  const rows = res.json().agUserDataList as Record<string, unknown>[];
  const stored = await h.db
    .selectFrom('users')
    .select(['user_id', 'login_id'])
    .where('ag_code', '=', 'A0000001')
    .where('deleted_at', 'is', null)
    .execute();
  t.equal(rows.length, stored.length);
  for (const r of rows)
    t.equal(r.loginId, stored.find((s) => s.user_id === r.userId)?.login_id, `login id of ${String(r.userId)}`);

  const one = stored[0]!;
  const found = (await list({ loginId: one.login_id })).json().agUserDataList as Record<string, unknown>[];
  t.ok(
    found.length >= 1 && found.every((r) => String(r.loginId).startsWith(one.login_id)),
    'a condition on the column selects by it',
  );
  t.same((await list({ loginId: 'no-such-login-id' })).json().agUserDataList, [], 'and leaves out the others');

  const served = await h.app.inject({
    method: 'GET',
    url: '/api/lists/ag-user',
    headers: { authorization: `Bearer ${admin}` },
  });
  t.equal(served.statusCode, 200);
  const column = served.json<{ definition: ListDefinition }>().definition.columns.find((c) => c.key === 'loginId');
  t.same(
    column,
    { key: 'loginId', label: 'ログインID', kind: 'text', sortable: true, defaultDirection: 'desc' },
    'the renderer gets the column to draw',
  );
  const drawn = sortRows(rows, { column: 'loginId', direction: column?.defaultDirection ?? 'asc' }).map(
    (r) => r.loginId,
  );
  t.same(
    drawn,
    [...stored.map((s) => s.login_id)].sort((a, b) => b.localeCompare(a, 'ja')),
    'its rows sort by the column as the table draws them',
  );
});
