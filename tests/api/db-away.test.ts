// Issue 22 item 3: the documented answer while the database is away (docs/operations.md), 503
// ERR_SYS001 with Retry-After, proven through calls that reach PostgreSQL: a read nothing keeps
// in memory (the site search) and a write (a favourite). The write is not half done: after the
// start it is made once, by the call the user repeats. Runs on a throwaway cluster of its own
// (tests/helpers/throwaway-postgres.ts) whatever DATABASE_URL says. PGlite does not apply: it is
// the portal process itself, so it cannot be away while the process answers.
import t from 'tap';
import { openDatabase } from '../../api/db/connect';
import { migrateToLatest } from '../../api/db/migrate';
import { messageIds } from '../helpers/api-probe';
import { createTestApp } from '../helpers/test-app';
import { startThrowawayPostgres, throwawayUnavailable } from '../helpers/throwaway-postgres';
import { nth } from '../helpers/indexing';

const unavailable = throwawayUnavailable();
t.test(
  'while PostgreSQL is stopped an uncached read and a write answer 503 ERR_SYS001 with Retry-After',
  { timeout: 180_000, skip: unavailable ?? false },
  async (t) => {
    const cluster = await startThrowawayPostgres();
    t.teardown(() => cluster.destroy());
    const database = await openDatabase({ kind: 'postgres', url: cluster.url });
    await migrateToLatest(database.db);
    const h = await createTestApp({ database });
    t.teardown(h.close);
    const { token, user } = await h.signIn('demo-agent');
    const ids = { systemKbn: '01', userId: user.userId, agCode: user.agCode };
    const search = () => h.post('/api/SiteSearch/getContentsList', { ...ids, keyword: '研修' }, { token });
    const searched = await search();
    t.equal(searched.statusCode, 200, 'the search answers');
    const hit = nth(
      searched.json<{ containtsListData: Array<{ categoryId: number; contentId: number }> }>().containtsListData,
      0,
    );
    t.ok(hit, 'and finds a content');
    const favourite = () =>
      h.post(
        '/api/FavoritPage/toggleFavoritePage',
        { ...ids, categoryId: hit.categoryId, contentsId: hit.contentId, processType: '1' },
        { token },
      );
    const favourites = async () =>
      Number(
        (
          await h.db
            .selectFrom('favorites')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', String(user.userId))
            .where('content_id', '=', hit.contentId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    t.equal(await favourites(), 0, 'not a favourite yet');

    await cluster.stop();
    for (const [name, call] of [
      ['the site search (a read nothing caches)', search],
      ['the favourite (a write)', favourite],
    ] as const) {
      const res = await call();
      t.equal(res.statusCode, 503, `${name}: 503`);
      t.same(messageIds(res), ['ERR_SYS001'], `${name}: ERR_SYS001`);
      t.equal(res.headers['retry-after'], '5', `${name}: Retry-After 5`);
      t.notMatch(res.body, /postgres|ECONNREFUSED|stack/i, `${name}: nothing of the fault in the answer`);
    }

    await cluster.start();
    t.equal((await search()).statusCode, 200, 'the read works once the database is back');
    t.equal(await favourites(), 0, 'the refused write left nothing');
    t.equal((await favourite()).statusCode, 200, 'the write repeated works');
    t.equal(await favourites(), 1, 'and is made once');
  },
);
