// The load generator of bench:load (load.ts), in plain JavaScript so that it runs as a worker
// thread without a TypeScript loader: replays `calls` round robin over `connections` keep-alive
// connections for `seconds`; answers the count, non-200 answers and socket errors, the count of
// each status, p50 and p99.
import http from 'node:http';
/* global performance, Buffer -- Node globals */
import { parentPort, workerData } from 'node:worker_threads';

const { port, calls, connections, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
const statuses = {};
let next = 0;
const end = Date.now() + seconds * 1000;

const one = (call) =>
  new Promise((resolve) => {
    const started = performance.now();
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(call.body) };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: call.path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        latencies.push(performance.now() - started);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode !== 200) errors++;
        resolve();
      });
    });
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end(call.body);
  });

const t0 = performance.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < end) await one(calls[next++ % calls.length]);
  }),
);
const elapsed = (performance.now() - t0) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? NaN;
parentPort.postMessage({ requests: latencies.length, errors, statuses, seconds: elapsed, p50: pct(50), p99: pct(99) });
