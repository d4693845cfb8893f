/**
 * `npm run bench:api`: load on the shop API over loopback with autocannon, printing requests/s and
 * p50/p99 latency per scenario beside the budgets of performance.md. SQLite always; PostgreSQL too when
 * DATABASE_URL is set (migrated and seeded first). Bounded runs; no assertions.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune the runs.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import autocannon, { type Options } from 'autocannon';
import { createApp } from '../src/server/app.ts';
import { seed } from '../src/server/db/seed.ts';
import { createDeps } from '../src/server/deps.ts';
import { readEnv } from '../src/server/env.ts';

const HOST = '127.0.0.1';
const PORTS = { sqlite: 4500, postgres: 4501 } as const;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DEMO_LOGIN = { account: '0912345678', password: 'Soundwood-2026' };
const BUDGET = {
  sqlite: { read: 10_000, list: 3_000, p99: 10 },
  postgres: { read: 5_000, list: 3_000, p99: undefined },
} as const;

type Engine = keyof typeof PORTS;

/** Child mode: serve the API on the engine's port and tell the parent when ready. */
async function serveApi(engine: Engine) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const env = readEnv({
    ...process.env,
    NODE_ENV: 'production',
    SQLITE_PATH: join(dir, 'shop.sqlite'),
    DATABASE_URL: engine === 'postgres' ? process.env.DATABASE_URL : undefined,
  });
  const deps = await createDeps(env);
  if (engine === 'postgres') await seed(deps.db);
  const server = serve({ fetch: createApp(deps).fetch, port: PORTS[engine], hostname: HOST }, () =>
    process.send?.('ready'),
  );
  process.on('message', async () => {
    server.close();
    await deps.db.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

function startChild(engine: Engine): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--serve', engine], { stdio: 'inherit' });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the ${engine} API server exited (${code})`)));
  });
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

type RunOptions = { url: string; method?: string; body?: string; requests?: Options['requests'] };

async function run(name: string, opts: RunOptions, budget: string) {
  const r = await autocannon({
    ...opts,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'content-type': 'application/json', 'accept-language': 'zh-TW' },
  });
  const bad = r.non2xx + r.errors + r.timeouts;
  console.log(
    `  ${name.padEnd(34)} ${fmt(r.requests.average).padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms` +
      `${bad ? `  (${fmt(bad)} non-2xx/errors)` : ''}   budget: ${budget}`,
  );
}

async function bench(engine: Engine) {
  const child = await startChild(engine);
  const base = `http://${HOST}:${PORTS[engine]}/api`;
  const b = BUDGET[engine];
  const p99 = b.p99 ? `, p99 ≤ ${b.p99} ms` : '';
  try {
    console.log(`\n== ${engine} (${CONNECTIONS} connections, ${SECONDS} s each) ==`);
    const list = (await (await fetch(`${base}/products?page_size=1&sort=price_desc`)).json()) as {
      result: { data: { slug: string }[] };
    };
    const slug = list.result.data[0]?.slug ?? 'unknown';
    await run('GET /product-brands/all', { url: `${base}/product-brands/all` }, `≥ ${fmt(b.read)} req/s${p99}`);
    await run(
      `GET /products/${slug}`.slice(0, 34),
      { url: `${base}/products/${slug}` },
      `≥ ${fmt(b.read)} req/s${p99}`,
    );
    await run(
      'GET /products?category&in_stock&sort',
      { url: `${base}/products?category=headphones&in_stock=1&min_price=3000&sort=price_asc&page_size=24` },
      `≥ ${fmt(b.list)} req/s`,
    );
    let n = 0;
    await run(
      'same, a new URL each time (no cache)',
      {
        url: `${base}/products`,
        // Each request asks for a price floor not asked before, so the process cache never answers.
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/api/products?category=headphones&in_stock=1&min_price=${1000 + (n++ % 1_000_000)}&sort=price_asc&page_size=24`,
            }),
          },
        ],
      },
      `≥ ${fmt(b.list)} req/s`,
    );
    const probe = await fetch(`${base}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_LOGIN),
    });
    if (probe.status === 404) console.log('  login: route not available');
    else
      await run(
        'POST /users/login',
        { url: `${base}/users/login`, method: 'POST', body: JSON.stringify(DEMO_LOGIN) },
        'report only (bounded by password hashing; expect 429s)',
      );
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
  }
}

if (process.argv[2] === '--serve') {
  await serveApi(process.argv[3] as Engine);
} else {
  await bench('sqlite');
  if (process.env.DATABASE_URL) await bench('postgres');
  else console.log('\n(PostgreSQL skipped: set DATABASE_URL to measure it too)');
}
