import { createTestApp } from '/work/main/tests/helpers/test-app';
const h = await createTestApp();
console.log(h.app.printRoutes({ commonPrefix: false }));
const r = h.app.findRoute({ method: 'POST', url: '/api/log' });
console.log(r && Object.keys(r), (r as any)?.store?.config);
await h.close();
