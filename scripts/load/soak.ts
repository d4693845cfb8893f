/**
 * `npm run soak` (L6, not in CI): mixed traffic on one API server for 10 minutes (`--minutes N`)
 * on a throwaway SQLite file (`--db postgres` with DATABASE_URL: a fresh PostgreSQL database).
 * Prints the server's memory after warm-up and at the end: the heap in use after a full collection
 * (what a leak grows; the target, ≤ 10 %) and the resident size (which also holds what V8 and SQLite
 * keep in reserve), and the 5xx count (target 0); exits 1 when a target is missed.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fire, type LoadRequest, serverErrors } from './load-gen.ts';
import { fmt } from './report.ts';
import { startServer } from './servers.ts';
import { type Engine, newMembers, openShopDb } from './shop-db.ts';

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, db: { type: 'string', default: 'sqlite' } },
});
const minutes = Number(values.minutes);
if (!(minutes > 0 && minutes <= 60)) throw new Error('--minutes takes 0 < N ≤ 60');
const engine = values.db as Engine;
if (engine !== 'sqlite' && engine !== 'postgres') throw new Error('--db takes sqlite or postgres');

/** Traffic runs in slices of this length, with a memory reading after each. */
const SLICE_S = 15;
const CONNECTIONS = 20;
/** The first sixth of the run (at least one slice) warms caches and pools; growth counts from its end. */
const WARM_UP_S = Math.max(SLICE_S, (minutes * 60) / 6);
const GROWTH_TARGET = 0.1;

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

const shop = await openShopDb(engine);
const server = await startServer(shop.env, undefined, ['--expose-gc']);
const pid = server.child.pid ?? 0;
try {
  const members = await newMembers(shop, CONNECTIONS, 'soak');
  const products = await shop.db.kysely.selectFrom('products').select('slug').limit(30).execute();
  const skus = (
    await shop.db.kysely.selectFrom('variants').select('sku').where('stock', '>', 20).limit(30).execute()
  ).map((r) => r.sku);
  const reads = [
    '/product-brands/all',
    '/product-categories/all',
    '/products?page_size=24&sort=price_asc',
    ...products.map((p) => `/products/${p.slug}`),
  ];
  /** Request i of the mix: 7 in 10 catalog reads, 1 cart read, 1 cart add, 1 wrong password from one address. */
  const mix = (i: number): LoadRequest => {
    const member = members[i % members.length]!;
    switch (i % 10) {
      case 7:
        return { path: '/cart', headers: { authorization: `Bearer ${member.token}` } };
      case 8:
        return {
          method: 'POST',
          path: '/cart/items',
          headers: { authorization: `Bearer ${member.token}` },
          body: JSON.stringify({ sku: skus[i % skus.length], quantity: 1 }),
        };
      case 9:
        return {
          method: 'POST',
          path: '/users/login',
          headers: { 'x-forwarded-for': '203.0.113.9' },
          body: JSON.stringify({ account: '0955000111', password: 'not-the-password' }),
        };
      default:
        return { path: reads[i % reads.length]! };
    }
  };
  const slices = Math.ceil((minutes * 60) / SLICE_S);
  let errors5xx = 0;
  let cut = 0;
  let requests = 0;
  let warm: { rss: number; heap: number } | undefined;
  let rss = 0;
  console.log(
    `soak: ${minutes} min of mixed traffic at ${CONNECTIONS} connections on ${engine}; warm-up ${WARM_UP_S} s`,
  );
  for (let s = 1; s <= slices; s++) {
    const r = await fire({ base: server.api, connections: CONNECTIONS, seconds: SLICE_S, next: mix });
    errors5xx += serverErrors(r);
    cut += r.errors + r.timeouts;
    requests += r.requests.total;
    rss = rssMb(pid);
    if (warm === undefined && s * SLICE_S >= WARM_UP_S) warm = await server.memory();
    console.log(
      `  ${String(s * SLICE_S).padStart(4)} s  ${fmt(r.requests.average)} req/s  p99 ${r.latency.p99} ms  RSS ${rss.toFixed(1)} MB  5xx so far ${errors5xx}, timeouts/errors ${cut}`,
    );
    if (!server.alive()) throw new Error('the server exited during the soak');
  }
  const end = await server.memory();
  const base = warm ?? end;
  const mb = (b: number) => `${(b / 1_048_576).toFixed(1)} MB`;
  const pct = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)} %`;
  const growth = (end.heap - base.heap) / base.heap;
  const held = growth <= GROWTH_TARGET && errors5xx === 0;
  console.log(
    `\nL6 soak: ${fmt(requests)} requests in ${minutes} min; heap after a full collection ${mb(base.heap)} after warm-up, ` +
      `${mb(end.heap)} at the end: growth ${pct(base.heap, end.heap)} (target ≤ ${GROWTH_TARGET * 100} %); ` +
      `resident ${mb(base.rss)} → ${mb(end.rss)} (${pct(base.rss, end.rss)}); ${errors5xx} × 5xx (target 0), ${cut} timeouts or connection errors: ${held ? 'held' : 'BROKEN'}`,
  );
  process.exitCode = held ? 0 : 1;
} finally {
  await server.stop();
  await shop.close();
}
