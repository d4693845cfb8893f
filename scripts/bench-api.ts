/**
 * `npm run bench:api`: load on the shop API over loopback with autocannon, printing requests/s,
 * p50/p99 latency and the server's CPU time per request for each scenario, beside the budgets of
 * performance.md. SQLite always; PostgreSQL too when DATABASE_URL is set (migrated and seeded first).
 * The server runs in a child process so the load generator does not share its event loop; it trusts
 * X-Forwarded-For (TRUST_PROXY=1) so the login scenario can come from many addresses.
 * Bounded runs, no assertions. BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50) and
 * BENCH_PORT (default 4500; PostgreSQL uses the next port) tune them.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import autocannon, { type Options, type RequestData, type Result } from 'autocannon';
import { createApp } from '../src/server/app.ts';
import { createDeps } from '../src/server/deps.ts';
import { readEnv } from '../src/server/env.ts';
import { seed } from '../src/server/seed/seed.ts';

const HOST = '127.0.0.1';
const PORT = Number(process.env.BENCH_PORT ?? 4500);
const PORTS = { sqlite: PORT, postgres: PORT + 1 } as const;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DEMO_LOGIN = { account: '0912345678', password: 'Soundwood-2026' };
/**
 * Logins at once: the hashing pool's threads (libuv's default 4). More would only queue behind them,
 * and past 5 attempts in flight the per-account limit (5 until a success clears it) would answer 429.
 */
const LOGIN_CONNECTIONS = 4;
/** The mixed scenario: catalogue readers, and a burst of password guesses from one address. */
const MIXED = { reads: 30, burst: 20 } as const;
/**
 * Guesses at an account that does not exist, so no real account is left blocked; a new one each run,
 * so that its first guesses are hashed even when the database keeps the last run's windows.
 */
const BURST_LOGIN = { account: `0900${String(Date.now() % 1_000_000).padStart(6, '0')}`, password: 'not-the-password' };
/** One address for the whole burst (TEST-NET-3, new each run), and many for the logins (the benchmarking range 198.18.0.0/15). */
const BURST_IP = `203.0.113.${1 + (Date.now() % 254)}`;
const benchIp = (n: number) => `198.18.${(n >> 8) & 255}.${n & 255}`;
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
    TRUST_PROXY: '1',
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

/** One load: where, how, and with how many connections (CONNECTIONS unless said). */
type Load = {
  url: string;
  method?: string;
  body?: string;
  requests?: Options['requests'];
  connections?: number;
};

type Scenario = Load & { name: string; budget: string };

const fire = (l: Load) =>
  autocannon({
    url: l.url,
    ...(l.method ? { method: l.method } : {}),
    ...(l.body ? { body: l.body } : {}),
    ...(l.requests ? { requests: l.requests } : {}),
    connections: l.connections ?? CONNECTIONS,
    duration: SECONDS,
    headers: { 'content-type': 'application/json', 'accept-language': 'zh-TW' },
  });

/** Runs loads at once, with the server's CPU time per request over all of them. */
async function measure(child: ChildProcess, loads: Load[]): Promise<{ results: Result[]; cpuPerRequest: number }> {
  await ask(child, 'mark');
  const results = await Promise.all(loads.map(fire));
  const cpu = await ask<Reply>(child, 'read');
  return { results, cpuPerRequest: cpu.cpu_us / Math.max(1, cpu.requests) };
}

function line(name: string, r: Result, cpuPerRequest: number, budget: string, note = '') {
  const bad = r.non2xx + r.errors + r.timeouts;
  console.log(
    `  ${name.padEnd(36)} ${fmt(r.requests.average).padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms` +
      `  server CPU ${fmt(cpuPerRequest)} µs/req${bad ? `  (${fmt(bad)} non-2xx/errors)` : ''}${note}   budget: ${budget}`,
  );
}

async function run(child: ChildProcess, s: Scenario) {
  const { results, cpuPerRequest } = await measure(child, [s]);
  line(s.name, results[0]!, cpuPerRequest, s.budget);
}

/** Each request from an address not seen before, as if from many clients behind the proxy. */
function fromManyAddresses(): Options['requests'] {
  let n = 0;
  return [
    {
      setupRequest: (req: RequestData) => ({
        ...req,
        headers: { ...req.headers, 'x-forwarded-for': benchIp(n++) },
      }),
    },
  ];
}

const statusCount = (r: Result, status: number) => r.statusCodeStats?.[String(status)]?.count ?? 0;

/**
 * Logins bounded by password hashing (scrypt N = 2^17, on purpose); then catalogue reads alone and
 * during a burst of guesses from one address, which the limits answer with 429 while the few guesses
 * that get through hash on the worker pool, off the event loop.
 */
async function loginScenarios(child: ChildProcess, base: string) {
  const probe = await fetch(`${base}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (probe.status === 404) {
    console.log('  login: route not available');
    return;
  }
  await run(child, {
    name: `POST /users/login (${LOGIN_CONNECTIONS} connections)`,
    budget: 'report only (scrypt N=2^17 per login)',
    url: `${base}/users/login`,
    method: 'POST',
    body: JSON.stringify(DEMO_LOGIN),
    connections: LOGIN_CONNECTIONS,
    requests: fromManyAddresses(),
  });
  const reads: Load = { url: `${base}/product-brands/all`, connections: MIXED.reads };
  const alone = await measure(child, [reads]);
  line(
    `GET /product-brands/all (${MIXED.reads} conn.)`,
    alone.results[0]!,
    alone.cpuPerRequest,
    'the reads alone, to compare',
  );
  const burst: Load = {
    url: `${base}/users/login`,
    method: 'POST',
    body: JSON.stringify(BURST_LOGIN),
    connections: MIXED.burst,
    requests: [
      { setupRequest: (req: RequestData) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': BURST_IP } }) },
    ],
  };
  const mixed = await measure(child, [reads, burst]);
  const [during, guesses] = mixed.results as [Result, Result];
  // A hash on the event loop would hold every read for its whole length (about a third of a second of CPU).
  line(
    '  the same, during a login burst',
    during,
    mixed.cpuPerRequest,
    'stays fast (hashing off the event loop)',
    `  max ${during.latency.max} ms`,
  );
  console.log(
    `    burst: ${MIXED.burst} connections from one address, ${fmt(guesses.requests.total)} guesses:` +
      ` ${fmt(statusCount(guesses, 429))} × 429, ${fmt(statusCount(guesses, 401))} × 401 (hashed), p99 ${guesses.latency.p99} ms` +
      `  (server CPU above covers both loads)`,
  );
}

async function bench(engine: Engine) {
  const child = await startChild(engine);
  const base = `http://${HOST}:${PORTS[engine]}/api`;
  const b = BUDGET[engine];
  const read = `≥ ${fmt(b.read)} req/s${b.p99 ? `, p99 ≤ ${b.p99} ms` : ''}`;
  const list = `≥ ${fmt(b.list)} req/s`;
  try {
    console.log(`\n== ${engine} (${CONNECTIONS} connections unless said, ${SECONDS} s each) ==`);
    const top = (await (await fetch(`${base}/products?page_size=1&sort=price_desc`)).json()) as {
      result: { data: { slug: string }[] };
    };
    const slug = top.result.data[0]?.slug ?? 'unknown';
    const query = 'category=headphones&in_stock=1&sort=price_asc&page_size=24';
    // Price bounds that every product of the list meets, different on every request, so the rendered
    // answers' cache never answers and every request lists the same products: the list's matching
    // ids and summaries come from the list store (services/products.ts ListCache), refreshed from
    // the database every second.
    const floors = 1_000;
    let n = 0;
    const scenarios: Scenario[] = [
      { name: 'GET /product-brands/all', budget: read, url: `${base}/product-brands/all` },
      { name: `GET /products/${slug}`.slice(0, 36), budget: read, url: `${base}/products/${slug}` },
      { name: 'GET /products?category&in_stock&sort', budget: list, url: `${base}/products?${query}&min_price=3000` },
      {
        name: '  the same, a new URL every request',
        budget: `${list} (no answer cache)`,
        url: `${base}/products`,
        requests: [
          {
            setupRequest: (req: RequestData) => {
              const k = n++;
              const bounds = `min_price=${k % floors}&max_price=${10_000_000 - Math.floor(k / floors)}`;
              return { ...req, path: `/api/products?${query}&${bounds}` };
            },
          },
        ],
      },
    ];
    for (const s of scenarios) await run(child, s);
    await loginScenarios(child, base);
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
