// Who may read GET /metrics: a bearer token equal to METRICS_TOKEN, or a caller whose address is
// in METRICS_ALLOW (docs/operations.md "Metrics"). The token is compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { MetricsAllowEntry } from '../config';

export type MetricsAccess = 'allowed' | 'no-credentials' | 'refused';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function metricsAccess(opts: {
  token: string | undefined;
  allow: MetricsAllowEntry[];
}): (address: string, authorization: string | undefined) => MetricsAccess {
  const list = new net.BlockList();
  for (const e of opts.allow) list.addSubnet(e.address, e.prefix, e.family);
  const expected = opts.token === undefined ? null : digest(opts.token);
  const allowed = (address: string) => {
    // An IPv4 client on a dual-stack socket is seen as ::ffff:a.b.c.d.
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (v4) return list.check(v4, 'ipv4') || list.check(address, 'ipv6');
    const family = net.isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  return (address, authorization) => {
    if (opts.allow.length && allowed(address)) return 'allowed';
    const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (expected && given !== undefined) return timingSafeEqual(digest(given), expected) ? 'allowed' : 'refused';
    return expected && !authorization ? 'no-credentials' : 'refused';
  };
}
