/**
 * `npm run bench:serve`: requests per second of the shop's site server (`npm run serve`) against
 * nginx serving the same release folder with the same precompressed twins, side by side in one run
 * (autocannon over loopback, BENCH_CONNECTIONS, default 50, for BENCH_SECONDS, default 10): a hot
 * product page with brotli accepted, the same with gzip only, and an unknown path (the 404 page),
 * each with the server's CPU time per request, which a busy machine moves less than requests/s.
 * Then a crawl (alone with `-- --crawl-only`): every page of the release requested once, as a search
 * engine's crawler does, on a freshly started shop, and its resident memory before, after and at its
 * peak; PAGE_CACHE_MB applies as when serving. Needs a complete build (`npm run build`).
 * nginx comes from the system (`apt-get install nginx libnginx-mod-http-brotli-static` on Debian);
 * without it, or without its brotli module, the bench says so and measures what it can.
 * One nginx worker against the shop's one process; BENCH_PORT (default 4600) and the next port.
 * Linux only (/proc). Figures only, no assertions.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { readEnv } from '../src/server/env.ts';
import { MARKER, markerId, releaseView, viewFile, viewFiles } from './lib/releases.ts';

const HOST = '127.0.0.1';
const PORT = Number(process.env.BENCH_PORT ?? 4600);
const NGINX_PORT = PORT + 1;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Pages in flight at once during the crawl. */
const CRAWL_CONCURRENCY = 8;
/** Linux's clock ticks per second in /proc/<pid>/stat. */
const CLOCK_TICKS = 100;
const MB = 1024 * 1024;
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const env = readEnv();
const liveClient = realpathSync(resolve(env.DIST_DIR, 'client'));
if (!markerId(liveClient)) {
  console.error(`${liveClient} is not a complete build (${MARKER} is missing): run \`npm run build\` first.`);
  process.exit(1);
}
const FLAT = resolve(env.DIST_DIR, 'bench-serve-flat');

/**
 * The live release as one folder of every file it serves, for nginx and for listing its pages: the
 * release itself, or, for a release that reads its unchanged pages from the one before it
 * (releases.ts), a folder of links to its files (removed when the bench ends).
 */
function flatRelease(): string {
  const view = releaseView(dirname(liveClient));
  if (!view.lower) return liveClient;
  rmSync(FLAT, { recursive: true, force: true });
  for (const rel of viewFiles(view)) {
    const file = viewFile(view, rel);
    if (!file) continue;
    mkdirSync(dirname(join(FLAT, rel)), { recursive: true });
    linkSync(file, join(FLAT, rel));
  }
  process.on('exit', () => rmSync(FLAT, { recursive: true, force: true }));
  return FLAT;
}
const clientDir = flatRelease();

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const children: ChildProcess[] = [];
// Interrupted or failed, the bench leaves no server behind.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill();
});
process.on('SIGINT', () => process.exit(130));

/** Resolves once `url` answers, or fails after `ms`. */
async function waitFor(url: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

function startShop(): ChildProcess {
  const child = spawn(process.execPath, ['scripts/serve.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SIMULATORS: '1',
      PORT: String(PORT),
      HOST,
      REBUILD_CHECK_SECONDS: '0',
    },
  });
  children.push(child);
  return child;
}

function findNginx(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx', '/usr/bin/nginx'])
    if (existsSync(p)) return p;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** nginx on the release folder: the same URL rules as the shop (page folders, the 404 of each locale). */
function startNginx(bin: string, brotli: boolean): { child: ChildProcess; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-serve-nginx-'));
  const en404 = existsSync(join(clientDir, 'en/404.html')) ? '/en/404.html' : '/en/404/index.html';
  const location = (prefix: string, page404: string) => `
    location ${prefix} {
      try_files $uri $uri/index.html $uri.html =404;
      error_page 404 ${page404};
    }`;
  const conf = `
${brotli ? `load_module ${BROTLI_MODULE};` : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip_static on;
  ${brotli ? 'brotli_static on;' : ''}
  server {
    listen ${HOST}:${NGINX_PORT};
    root ${clientDir};
    ${location('/', '/404.html')}
    ${location('/en/', en404)}
  }
}`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return { child, dir };
}

/** The first product page of the release (brands/<brand>/<product>/index.html). */
function productPath(): string {
  const brands = join(clientDir, 'brands');
  for (const brand of readdirSync(brands, { withFileTypes: true }).filter((d) => d.isDirectory()))
    for (const product of readdirSync(join(brands, brand.name), { withFileTypes: true }))
      if (product.isDirectory() && existsSync(join(brands, brand.name, product.name, 'index.html')))
        return `/brands/${brand.name}/${product.name}`;
  throw new Error('no product page in the release');
}

/** Every page of the release as its address, the 404 pages and the console's left out. */
function allPages(dir = clientDir, prefix = ''): string[] {
  const pages: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!/^\/(en\/)?(404|_astro)$/.test(rel)) pages.push(...allPages(join(dir, entry.name), rel));
    } else if (entry.name === 'index.html') pages.push(prefix || '/');
    else if (entry.name.endsWith('.html') && !entry.name.startsWith('404')) pages.push(rel);
  }
  return pages;
}

const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
};

/** CPU seconds a process and its children (nginx's workers) have used, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const ticks = (p: number) => {
    // The command name may hold spaces: the fields are counted from the closing parenthesis.
    const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return [pid, ...children.map(Number)].reduce((sum, p) => sum + ticks(p), 0) / CLOCK_TICKS;
}

const load = (url: string, encoding: string, seconds = SECONDS) =>
  autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { 'accept-encoding': encoding } });

/** What one answer is: its status, its encoding and its bytes on the wire. */
async function probe(url: string, encoding: string): Promise<string> {
  const r = await fetch(url, { headers: { 'accept-encoding': encoding } });
  await r.arrayBuffer();
  return `${r.status}, ${r.headers.get('content-encoding') ?? 'identity'}, ${fmt(Number(r.headers.get('content-length')))} B`;
}

function row(name: string, server: string, r: Result, cpuPerRequest: number, what: string) {
  const bad = r.errors + r.timeouts;
  console.log(
    `  ${name.padEnd(24)} ${server.padEnd(6)} ${fmt(r.requests.average).padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms` +
      `  server CPU ${fmt(cpuPerRequest * 1e6).padStart(4)} µs/req  (${what}${bad ? `; ${fmt(bad)} errors/timeouts` : ''})`,
  );
}

async function crawl(base: string, pages: string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < pages.length) {
      const path = pages[next++]!;
      await (await fetch(base + path, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CRAWL_CONCURRENCY }, worker));
}

/** Every page once on a fresh shop: its resident memory before, after and at its peak. */
async function crawlFigures(): Promise<void> {
  const pages = allPages();
  const bytes = pages.reduce((sum, path) => {
    const file = join(clientDir, path.endsWith('.html') ? path : join(path, 'index.html'));
    return sum + [file, `${file}.br`, `${file}.gz`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);
  }, 0);
  const shop = startShop();
  try {
    await waitFor(`${shopBase}/`);
    const before = rssMb(shop.pid!, 'VmRSS');
    const started = Date.now();
    await crawl(shopBase, pages);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `\nCrawl: ${fmt(pages.length)} pages once each (${fmt(bytes / MB)} MB with their twins) in ${seconds.toFixed(1)} s,` +
        ` ${CRAWL_CONCURRENCY} at a time, br accepted, on a fresh shop (PAGE_CACHE_MB ${env.PAGE_CACHE_MB}):` +
        ` RSS ${fmt(before)} MB before, ${fmt(rssMb(shop.pid!, 'VmRSS'))} MB after, peak ${fmt(rssMb(shop.pid!, 'VmHWM'))} MB.`,
    );
  } finally {
    await stop(shop);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Each scenario on the shop, then on nginx: a 2 s warm-up, then the measured load. */
async function loads(shop: ChildProcess, nginx: ChildProcess | null): Promise<void> {
  const product = productPath();
  const unknown = '/no/such/page-from-a-scanner';
  console.log(`Hot page: ${product}; unknown path: ${unknown}\n`);
  const scenarios = [
    { name: 'hot page (br, gzip)', path: product, encoding: 'br, gzip' },
    { name: 'hot page (gzip)', path: product, encoding: 'gzip' },
    { name: 'unknown path (br, gzip)', path: unknown, encoding: 'br, gzip' },
  ];
  const targets = [
    { server: 'shop', base: shopBase, pid: shop.pid! },
    ...(nginx ? [{ server: 'nginx', base: nginxBase, pid: nginx.pid! }] : []),
  ];
  for (const s of scenarios)
    for (const t of targets) {
      const what = await probe(t.base + s.path, s.encoding);
      await load(t.base + s.path, s.encoding, 2);
      const cpu = cpuSeconds(t.pid);
      const r = await load(t.base + s.path, s.encoding);
      row(s.name, t.server, r, (cpuSeconds(t.pid) - cpu) / Math.max(1, r.requests.total), what);
    }
}

const shopBase = `http://${HOST}:${PORT}`;
const nginxBase = `http://${HOST}:${NGINX_PORT}`;
const crawlOnly = process.argv.includes('--crawl-only');
const nginxBin = crawlOnly ? null : findNginx();
const brotli = existsSync(BROTLI_MODULE);
console.log(`Release ${liveClient}; shop PAGE_CACHE_MB ${env.PAGE_CACHE_MB}.`);
if (!crawlOnly) {
  console.log(
    nginxBin
      ? `nginx ${nginxBin}, one worker, gzip_static on${brotli ? ', brotli_static on' : ` (no brotli module at ${BROTLI_MODULE}: nginx sends the .gz twins where the shop sends .br)`}.`
      : 'nginx is not installed: only the shop is measured (apt-get install nginx libnginx-mod-http-brotli-static).',
  );
  console.log(`${CONNECTIONS} connections, ${SECONDS} s a load (autocannon); CPU: the server's, per request.`);
  const shop = startShop();
  const nginx = nginxBin ? startNginx(nginxBin, brotli) : null;
  try {
    await waitFor(`${shopBase}/`);
    if (nginx) await waitFor(`${nginxBase}/`);
    await loads(shop, nginx?.child ?? null);
  } finally {
    await stop(shop);
    if (nginx) {
      await stop(nginx.child);
      rmSync(nginx.dir, { recursive: true, force: true });
    }
  }
}
await crawlFigures();
