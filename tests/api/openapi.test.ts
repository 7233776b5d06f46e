// docs/openapi.json is generated from the route schemas; this fails when it is out of date
// (run `npm run openapi` and commit the result).
import fs from 'node:fs';
import t from 'tap';
import { createTestApp } from '../helpers/test-app';

t.test('docs/openapi.json matches the routes', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const committed = JSON.parse(fs.readFileSync('docs/openapi.json', 'utf8'));
  const current = JSON.parse(JSON.stringify(h.app.swagger()));
  t.same(Object.keys(current.paths).sort(), Object.keys(committed.paths).sort(), 'same paths');
  t.same(current.paths, committed.paths, 'same request and response schemas');
});
