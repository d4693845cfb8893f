/**
 * `npm run bench:api`: load on the shop API over loopback with autocannon, printing requests/s,
 * p50/p99 latency and the server's CPU time per request for each scenario, beside the budgets of
 * performance.md. SQLite always; PostgreSQL too when DATABASE_URL is set (migrated and seeded first).
 * The server runs in a child process so the load generator does not share its event loop.
 * Bounded runs, no assertions. BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune them.
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
type Reply = { cpu_us: number; requests: number };

/** Child mode: serve the API on the engine's port; answer CPU readings; stop when told or orphaned. */
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
  const app = createApp(deps);
  let requests = 0;
  let mark = { cpu: process.cpuUsage(), requests: 0 };
  const server = serve(
    {
      fetch: (req, bindings) => {
        requests++;
        return app.fetch(req, bindings);
      },
      port: PORTS[engine],
      hostname: HOST,
    },
    () => process.send?.('ready'),
  );
  const stop = async () => {
    server.close();
    await deps.db.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (msg) => {
    if (msg === 'mark') {
      mark = { cpu: process.cpuUsage(), requests };
      process.send?.('marked');
    } else if (msg === 'read') {
      const used = process.cpuUsage(mark.cpu);
      process.send?.({ cpu_us: used.user + used.system, requests: requests - mark.requests } satisfies Reply);
    } else void stop();
  });
  // The parent went away (interrupted): do not leave a server behind.
  process.on('disconnect', stop);
}

function startChild(engine: Engine): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--serve', engine], { stdio: 'inherit' });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the ${engine} API server exited (${code})`)));
  });
}

const ask = <T>(child: ChildProcess, msg: string) =>
  new Promise<T>((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(msg);
  });

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

type Scenario = {
  name: string;
  budget: string;
  url: string;
  method?: string;
  body?: string;
  requests?: Options['requests'];
};

async function run(child: ChildProcess, s: Scenario) {
  await ask(child, 'mark');
  const r = await autocannon({
    url: s.url,
    ...(s.method ? { method: s.method } : {}),
    ...(s.body ? { body: s.body } : {}),
    ...(s.requests ? { requests: s.requests } : {}),
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'content-type': 'application/json', 'accept-language': 'zh-TW' },
  });
  const cpu = await ask<Reply>(child, 'read');
  const bad = r.non2xx + r.errors + r.timeouts;
  console.log(
    `  ${s.name.padEnd(36)} ${fmt(r.requests.average).padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms` +
      `  server CPU ${fmt(cpu.cpu_us / Math.max(1, cpu.requests))} µs/req${bad ? `  (${fmt(bad)} non-2xx/errors)` : ''}` +
      `   budget: ${s.budget}`,
  );
}

async function bench(engine: Engine) {
  const child = await startChild(engine);
  const base = `http://${HOST}:${PORTS[engine]}/api`;
  const b = BUDGET[engine];
  const read = `≥ ${fmt(b.read)} req/s${b.p99 ? `, p99 ≤ ${b.p99} ms` : ''}`;
  const list = `≥ ${fmt(b.list)} req/s`;
  try {
    console.log(`\n== ${engine} (${CONNECTIONS} connections, ${SECONDS} s each) ==`);
    const top = (await (await fetch(`${base}/products?page_size=1&sort=price_desc`)).json()) as {
      result: { data: { slug: string }[] };
    };
    const slug = top.result.data[0]?.slug ?? 'unknown';
    const query = 'category=headphones&in_stock=1&sort=price_asc&page_size=24';
    let n = 0;
    const scenarios: Scenario[] = [
      { name: 'GET /product-brands/all', budget: read, url: `${base}/product-brands/all` },
      { name: `GET /products/${slug}`.slice(0, 36), budget: read, url: `${base}/products/${slug}` },
      { name: 'GET /products?category&in_stock&sort', budget: list, url: `${base}/products?${query}&min_price=3000` },
      {
        name: '  the same, a new URL every request',
        budget: `${list} (no cache)`,
        url: `${base}/products`,
        // Each request asks for a price floor not asked before, so the render cache never answers.
        requests: [{ setupRequest: (req) => ({ ...req, path: `/api/products?${query}&min_price=${1000 + n++}` }) }],
      },
    ];
    for (const s of scenarios) await run(child, s);
    const probe = await fetch(`${base}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_LOGIN),
    });
    if (probe.status === 404) console.log('  login: route not available');
    else {
      await run(child, {
        name: 'POST /users/login',
        budget: 'report only (password hashing; rate limits answer 429)',
        url: `${base}/users/login`,
        method: 'POST',
        body: JSON.stringify(DEMO_LOGIN),
      });
    }
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
