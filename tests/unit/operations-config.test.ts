// The operations variables (api/config.ts): METRICS_TOKEN, METRICS_ALLOW and SHUTDOWN_GRACE_MS
// are checked at start-up, a wrong value stops the start with a message naming the variable.
import t from 'tap';
import { ConfigError, loadConfig } from '../../api/config';

const refused = (env: Record<string, string>, pattern: RegExp) => {
  let err: unknown;
  try {
    loadConfig(env);
  } catch (e) {
    err = e;
  }
  t.ok(err instanceof ConfigError, `${JSON.stringify(env)} refused`);
  t.match(String((err as Error)?.message), pattern);
};

t.test('defaults: metrics off, five seconds of grace', async (t) => {
  const c = loadConfig({});
  t.equal(c.metricsToken, undefined);
  t.same(c.metricsAllow, []);
  t.equal(c.shutdownGraceMs, 5000);
});

t.test('accepted values', async (t) => {
  const c = loadConfig({
    METRICS_TOKEN: 'a'.repeat(16),
    METRICS_ALLOW: ' 10.0.0.0/8, 192.0.2.7 ,::1, fd00::/8',
    SHUTDOWN_GRACE_MS: '0',
  });
  t.equal(c.metricsToken, 'a'.repeat(16));
  t.same(c.metricsAllow, [
    { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
    { address: '192.0.2.7', prefix: 32, family: 'ipv4' },
    { address: '::1', prefix: 128, family: 'ipv6' },
    { address: 'fd00::', prefix: 8, family: 'ipv6' },
  ]);
  t.equal(c.shutdownGraceMs, 0);
});

t.test('wrong values stop the start with the variable named', async () => {
  refused({ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be at least 16 characters/);
  refused({ METRICS_TOKEN: 'sixteen characters with spaces' }, /METRICS_TOKEN/);
  for (const bad of ['10.0.0.0/33', 'example.org', '10.0.0.1/', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x'])
    refused({ METRICS_ALLOW: bad }, /METRICS_ALLOW must list IP addresses or CIDR ranges/);
  for (const bad of ['-1', '1.5', 'five', '600001'])
    refused({ SHUTDOWN_GRACE_MS: bad }, /SHUTDOWN_GRACE_MS must be a whole number/);
});
