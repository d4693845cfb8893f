import { fire, serverErrors, statusCount } from '../load-gen.ts';
import { fmt } from '../report.ts';
import { newMembers } from '../shop-db.ts';
import type { Ctx, Scenario } from './context.ts';

/** Seconds of each load: the catalog read of security.md runs 30 s in a full run. */
const SECONDS = { read: { full: 30, quick: 5 }, write: { full: 10, quick: 3 }, burst: { full: 8, quick: 3 } };
const CONNECTIONS = { read: 50, write: 20, burstReads: 30, burst: 20 };
/** performance.md: catalog reads on each database. */
const READ_BUDGET = { sqlite: '≥ 10,000 req/s, p99 ≤ 10 ms', postgres: '≥ 5,000 req/s' };

async function catalogPaths(ctx: Ctx): Promise<string[]> {
  const products = await ctx.shop.db.kysely.selectFrom('products').select('slug').orderBy('id').limit(20).execute();
  return [
    '/product-brands/all',
    '/product-categories/all',
    '/products?page_size=24&sort=price_asc',
    ...products.map((p) => `/products/${encodeURIComponent(p.slug)}`),
  ];
}

async function inStockSkus(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.shop.db.kysely
    .selectFrom('variants')
    .select('sku')
    .where('stock', '>', 20)
    .orderBy('id')
    .limit(40)
    .execute();
  return rows.map((r) => r.sku);
}

const seconds = (ctx: Ctx, k: keyof typeof SECONDS) => SECONDS[k][ctx.quick ? 'quick' : 'full'];

/** L5: catalog reads, cart writes, and reads during a login burst, with autocannon. */
export const throughput: Scenario = {
  name: 'L5',
  async run(ctx) {
    const base = ctx.servers[0].api;
    const engine = ctx.shop.engine;
    const paths = await catalogPaths(ctx);
    const reads = await fire({
      base,
      connections: CONNECTIONS.read,
      seconds: seconds(ctx, 'read'),
      next: (i) => ({ path: paths[i % paths.length]! }),
    });
    const readErrors = reads.errors + reads.timeouts + reads.non2xx;
    ctx.report.add({
      scenario: 'L5 catalog reads',
      tried: `${CONNECTIONS.read} connections, ${seconds(ctx, 'read')} s, ${paths.length} URLs`,
      target: `0 errors (${READ_BUDGET[engine]})`,
      figure: `${fmt(reads.requests.total)} requests, ${fmt(readErrors)} errors; ${fmt(reads.requests.average)} req/s, p99 ${reads.latency.p99} ms`,
      held: readErrors === 0 && reads.requests.total > 0,
    });

    const members = await newMembers(ctx.shop, CONNECTIONS.write, 'L5 cart');
    const skus = await inStockSkus(ctx);
    const writes = await fire({
      base,
      connections: CONNECTIONS.write,
      seconds: seconds(ctx, 'write'),
      next: (i) => ({
        method: 'POST',
        path: '/cart/items',
        headers: { authorization: `Bearer ${members[i % members.length]!.token}` },
        // Each member goes through every variant in turn, so stock limits come late.
        body: JSON.stringify({ sku: skus[Math.floor(i / members.length) % skus.length], quantity: 1 }),
      }),
    });
    const w5xx = serverErrors(writes) + writes.errors + writes.timeouts;
    ctx.report.add({
      scenario: 'L5 cart writes',
      tried: `${CONNECTIONS.write} members at once, ${seconds(ctx, 'write')} s of adds`,
      target: '0 5xx',
      figure: `${fmt(writes.requests.total)} requests: ${fmt(statusCount(writes, (s) => s < 300))} × 2xx, ${fmt(statusCount(writes, (s) => s >= 400 && s < 500))} × 4xx (limits), ${fmt(w5xx)} × 5xx/errors; ${fmt(writes.requests.average)} req/s, p99 ${writes.latency.p99} ms`,
      held: w5xx === 0 && statusCount(writes, (s) => s < 300) > 0,
    });

    await loginBurst(ctx, paths);
  },
};

/** Catalog reads alone, then the same reads while one address hammers the login: 429s, reads stay fast. */
async function loginBurst(ctx: Ctx, paths: string[]) {
  const base = ctx.servers[0].api;
  const s = seconds(ctx, 'burst');
  const readLoad = {
    base,
    connections: CONNECTIONS.burstReads,
    seconds: s,
    next: (i: number) => ({ path: paths[i % paths.length]! }),
  };
  const alone = await fire(readLoad);
  const account = `0950${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const [during, burst] = await Promise.all([
    fire(readLoad),
    fire({
      base,
      connections: CONNECTIONS.burst,
      seconds: s,
      next: () => ({
        method: 'POST',
        path: '/users/login',
        headers: { 'x-forwarded-for': '203.0.113.77' },
        body: JSON.stringify({ account, password: 'not-the-password' }),
      }),
    }),
  ]);
  const limited = statusCount(burst, (x) => x === 429);
  const readErrors = during.errors + during.timeouts + during.non2xx;
  ctx.report.add({
    scenario: 'L5 login burst',
    tried: `${CONNECTIONS.burst} connections guessing one password from one address, ${s} s, beside ${CONNECTIONS.burstReads} catalog readers`,
    target: '429s; reads 0 errors; p99 alone vs during reported',
    figure: `${fmt(burst.requests.total)} guesses: ${fmt(limited)} × 429, ${fmt(statusCount(burst, (x) => x === 401))} × 401, ${fmt(serverErrors(burst))} × 5xx; catalog p99 ${alone.latency.p99} ms alone, ${during.latency.p99} ms during (${fmt(alone.requests.average)} → ${fmt(during.requests.average)} req/s), ${readErrors} read errors`,
    held: limited > 0 && readErrors === 0 && serverErrors(burst) === 0,
  });
}
