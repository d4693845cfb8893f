/**
 * `npm start` and the build as a new user meets them: the real scripts in child processes, each test
 * on its own output folder and embedded database. A build is killed part way with SIGKILL, starts
 * run side by side, and what they serve is read over HTTP.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../scripts/lib/build-lock.ts';
import { bucketLatest, describeRelease, manifestKey, pageBucket } from '../../scripts/lib/page-bucket.ts';
import { completeRelease, liveBuild, MARKER, publish, releaseView } from '../../scripts/lib/releases.ts';
import { runEdit } from '../../src/server/catalog/admin/edits.ts';
import { catalogFingerprint } from '../../src/server/catalog/fingerprint.ts';
import { openDb } from '../../src/server/db/index.ts';
import { startS3 } from '../helpers/s3-server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Safety net for a child that never gets there; no assertion is about how long anything takes. */
const GIVE_UP_MS = 150_000;
const TEST_MS = 300_000;
/** The two instances' schedule: how often each looks at the catalog (and the pages' bucket). */
const CHECK_SECONDS = 2;

interface Run {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

const runs: Run[] = [];
const dirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A database in the system's temporary folder; the output inside the project (its server chunks import packages). */
function workspace(): { dist: string; sqlite: string } {
  const dir = mkdtempSync(join(tmpdir(), 'shop-start-'));
  mkdirSync(join(ROOT, 'dist/tests'), { recursive: true });
  const dist = mkdtempSync(join(ROOT, 'dist/tests/start-'));
  dirs.push(dir, dist);
  return { dist, sqlite: join(dir, 'shop.sqlite') };
}

async function run(
  script: string,
  ws: { dist: string; sqlite: string },
  more: Record<string, string> = {},
): Promise<Run> {
  const port = await freePort();
  let text = '';
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DIST_DIR: ws.dist,
      SQLITE_PATH: ws.sqlite,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SCRYPT_LOG_N: '10',
      FORCE_BUILD: '',
      DATABASE_URL: '',
      API_BASE: '',
      ...more,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const r = { child, port, output: () => text, exited };
  runs.push(r);
  return r;
}

async function until(what: string, check: () => boolean, r?: Run): Promise<void> {
  const deadline = Date.now() + GIVE_UP_MS;
  while (!check()) {
    if (r && r.child.exitCode !== null) throw new Error(`exited before ${what}:\n${r.output()}`);
    if (Date.now() > deadline) throw new Error(`never ${what}${r ? `:\n${r.output()}` : ''}`);
    await new Promise((ok) => setTimeout(ok, 20));
  }
}

async function stop(r: Run, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const running = r.child.exitCode === null && r.child.signalCode === null;
  if (running && r.child.pid) {
    try {
      process.kill(-r.child.pid, signal);
    } catch {
      // It ended between the check and the signal.
    }
  }
  await r.exited;
}

/**
 * Astro's incremental cache of one output folder linked into another's (its files are never
 * written in place): a build there restores the unchanged pages instead of rendering them all.
 */
function linkCache(from: string, to: string): void {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.isDirectory()) linkCache(join(from, e.name), join(to, e.name));
    else if (e.isFile()) linkSync(join(from, e.name), join(to, e.name));
  }
}

/** A release linked into another output folder, with the release it reads pages from; its new folder. */
function copyRelease(dir: string, dist: string): string {
  const copy = join(dist, 'releases', basename(dir));
  linkCache(dir, copy);
  const base = releaseView(dir).lower?.client;
  if (base) linkCache(join(base, '..'), join(dist, 'releases', basename(join(base, '..'))));
  return copy;
}

const releases = (dist: string): string[] => {
  const dir = join(dist, 'releases');
  return existsSync(dir) ? readdirSync(dir).map((name) => join(dir, name)) : [];
};

const ready = (r: Run) => until('served the shop', () => r.output().includes('Shop ready at'), r);

async function servedBuildId(r: Run): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${r.port}/builds/latest.json`);
  return ((await res.json()) as { id: string }).id;
}

afterAll(async () => {
  await Promise.all(runs.map((r) => stop(r, 'SIGKILL')));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The output folder and database `npm start` builds below; the two instances after it serve them. */
const ws = workspace();

describe('npm start', () => {
  it(
    'rebuilds after a build killed part way, and the server refuses the partial folder',
    async () => {
      const first = await run('scripts/start.ts', ws);
      await until('wrote a page', () => releases(ws.dist).some((d) => existsSync(join(d, 'client/index.html'))), first);
      await stop(first, 'SIGKILL');
      const [partial] = releases(ws.dist);
      expect(releases(ws.dist)).toHaveLength(1);
      expect(completeRelease(partial ?? '')).toBeNull();
      expect(liveBuild(ws.dist)).toBeNull();
      expect(existsSync(join(ws.dist, LOCK_FILE))).toBe(true);

      // The half-built pages where a server would look for them: it refuses them.
      symlinkSync(join(partial ?? '', 'client'), join(ws.dist, 'client'), 'dir');
      const serve = await run('scripts/serve.ts', ws);
      expect(await serve.exited).toBe(1);
      expect(serve.output()).toContain('is not a complete build');
      expect(serve.output()).toContain('npm run build');

      const second = await run('scripts/start.ts', ws);
      await ready(second);
      expect(second.output()).toContain('Building the shop (no complete build yet)');
      const live = liveBuild(ws.dist);
      expect(live).not.toBeNull();
      expect(releases(ws.dist)).toEqual([live?.dir]);
      expect(existsSync(join(ws.dist, LOCK_FILE))).toBe(false);
      const home = await fetch(`http://127.0.0.1:${second.port}/`, { headers: { 'accept-encoding': 'br' } });
      expect(home.status).toBe(200);
      expect(home.headers.get('content-encoding')).toBe('br');
      expect(await servedBuildId(second)).toBe(live?.buildId);
      await stop(second);
    },
    TEST_MS,
  );

  it(
    'does not rebuild a complete build of the same catalog, and rebuilds when the catalog moved',
    async () => {
      const before = liveBuild(ws.dist);
      expect(before).not.toBeNull();
      const again = await run('scripts/start.ts', ws);
      await ready(again);
      expect(again.output()).toContain(`Build ${before?.buildId} is complete and matches the catalog`);
      expect(again.output()).not.toContain('Building the shop');
      expect(liveBuild(ws.dist)).toEqual(before);
      await stop(again);

      const db = new Database(ws.sqlite);
      db.prepare(
        'UPDATE products SET updated_at = (SELECT max(updated_at) FROM products) + 1000 WHERE id = (SELECT min(id) FROM products)',
      ).run();
      db.close();
      const moved = await run('scripts/start.ts', ws);
      await ready(moved);
      expect(moved.output()).toContain('Building the shop (the catalog changed');
      const after = liveBuild(ws.dist);
      expect(after?.buildId).not.toBe(before?.buildId);
      expect(await servedBuildId(moved)).toBe(after?.buildId);
      // An edit's rebuild wrote the pages it rendered and reads the others from the build before,
      // which holds every page: served as they were, twins and all.
      const view = releaseView(after?.dir ?? '');
      expect(view.lower?.client).toBe(join(before?.dir ?? '', 'client'));
      const kept = [...(view.lower?.pages ?? [])].filter((p) => p.endsWith('/index.html'));
      expect(kept.length).toBeGreaterThan(100);
      for (const rel of kept.slice(0, 3)) {
        expect(existsSync(join(view.client, rel))).toBe(false);
        const res = await fetch(`http://127.0.0.1:${moved.port}/${rel.replace(/index\.html$/, '')}`, {
          headers: { 'accept-encoding': 'br' },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe('br');
        // fetch decodes the twin: what it gives is the page as the base holds it.
        expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(view.lower?.client ?? '', rel)))).toBe(
          true,
        );
      }
      await stop(moved);
    },
    TEST_MS,
  );

  it(
    'two starts at once in one folder end with one complete build, served by both',
    async () => {
      // A folder with no build yet, on a copy of the catalog the cache above was built from: what
      // is under test is the lock between the two starts, not rendering every page again.
      const fresh = workspace();
      const db = new Database(ws.sqlite);
      db.exec(`VACUUM INTO '${fresh.sqlite.replaceAll("'", "''")}'`);
      db.close();
      linkCache(join(ws.dist, 'cache'), join(fresh.dist, 'cache'));
      const [a, b] = await Promise.all([run('scripts/start.ts', fresh), run('scripts/start.ts', fresh)]);
      if (!a || !b) throw new Error('two starts expected');
      await Promise.all([ready(a), ready(b)]);
      const outputs = [a.output(), b.output()];
      expect(outputs.filter((o) => o.includes('Building the shop'))).toHaveLength(1);
      const waited = outputs.find((o) => !o.includes('Building the shop')) ?? '';
      expect(waited).toContain('waiting for it');
      expect(waited).toContain('not rebuilding');
      const live = liveBuild(fresh.dist);
      expect(releases(fresh.dist)).toEqual([live?.dir]);
      expect(await servedBuildId(a)).toBe(live?.buildId);
      expect(await servedBuildId(b)).toBe(live?.buildId);
    },
    TEST_MS,
  );
});

describe('one build, every instance (a pages bucket)', () => {
  it(
    'two instances on one database and one bucket: an owner edit renders once, both serve it, and a third started later takes it',
    async () => {
      const s3 = await startS3('shop-pages');
      const bucket = pageBucket(s3.place);
      try {
        // Instance A: the folder and database built above (its live build, Astro's cache). Instance B:
        // a folder holding that live build only (linked), on the same database.
        const live = liveBuild(ws.dist);
        if (!live) throw new Error('the tests above leave a live build');
        const other = workspace();
        await publish(other.dist, copyRelease(live.dir, other.dist));
        // A third folder with that build too, started later.
        const third = workspace();
        await publish(third.dist, copyRelease(live.dir, third.dist));
        const pages = {
          PAGES_S3_BUCKET: 'shop-pages',
          MEDIA_S3_ENDPOINT: s3.endpoint,
          MEDIA_S3_FORCE_PATH_STYLE: '1',
          AWS_ACCESS_KEY_ID: 'S3RVER',
          AWS_SECRET_ACCESS_KEY: 'S3RVER',
          REBUILD_CHECK_SECONDS: String(CHECK_SECONDS),
        };
        // The bucket names that build: its manifest and marker. Its files are on both instances already
        // (and an empty bucket filled whole is the API tests' part: 4,000 files to the test server
        // take minutes on a busy machine).
        const held = await describeRelease(releaseView(live.dir), null);
        const manifest = { id: live.buildId, fingerprint: live.fingerprint, files: held };
        await bucket.put(manifestKey(live.buildId), Buffer.from(JSON.stringify(manifest)), manifestKey(live.buildId));
        await bucket.put(MARKER, readFileSync(join(live.dir, 'client', MARKER)), MARKER);
        const [a, b] = await Promise.all([
          run('scripts/serve.ts', ws, pages),
          run('scripts/serve.ts', { ...other, sqlite: ws.sqlite }, pages),
        ]);
        if (!a || !b) throw new Error('two instances expected');
        await Promise.all([ready(a), ready(b)]);
        const before = [a.output().length, b.output().length];

        const db = openDb({ sqlitePath: ws.sqlite });
        const [row] = await db.kysely
          .selectFrom('variants as v')
          .innerJoin('products as p', 'p.id', 'v.product_id')
          .innerJoin('brands as br', 'br.id', 'p.brand_id')
          .select(['v.sku', 'p.slug', 'br.slug as brand'])
          .orderBy('v.id')
          .limit(1)
          .execute();
        if (!row) throw new Error('the demo catalog has products');
        await runEdit(db, {
          command: 'price',
          args: [row.sku, '1234'],
          file: undefined,
          by: 'test',
          limit: 1,
          locale: 'en',
          now: Date.now(),
        });
        const { fingerprint } = await catalogFingerprint(db);
        await db.close();

        // Within the schedule's interval, the build and the download, both serve the new build.
        const page = `/brands/${row.brand}/${row.slug}/`;
        const shows = async (r: Run) =>
          (await (await fetch(`http://127.0.0.1:${r.port}${page}`)).text()).includes('1,234');
        await until(
          'built the edit',
          () => liveBuild(ws.dist)?.fingerprint === fingerprint || liveBuild(other.dist)?.fingerprint === fingerprint,
        );
        await until(
          'both took the edit',
          () => liveBuild(ws.dist)?.fingerprint === fingerprint && liveBuild(other.dist)?.fingerprint === fingerprint,
        );
        const built = liveBuild(ws.dist);
        expect(liveBuild(other.dist)?.buildId).toBe(built?.buildId);
        expect((await bucketLatest(bucket))?.id).toBe(built?.buildId);
        expect(await servedBuildId(a)).toBe(built?.buildId);
        expect(await servedBuildId(b)).toBe(built?.buildId);
        expect(await shows(a)).toBe(true);
        expect(await shows(b)).toBe(true);
        // One of them rendered and uploaded only what changed; the other rendered nothing. Each logs
        // what it did once it is done (the one that took the release may be live first).
        const logged = () => [a.output().slice(before[0]), b.output().slice(before[1])];
        await until('logged the build and the release taken', () => {
          const [x = '', y = ''] = logged();
          return (x + y).includes("uploaded to the pages' bucket") && (x + y).includes('took build');
        });
        const since = logged();
        const renders = since.filter((o) => o.includes('[rebuild] the catalog changed'));
        expect(renders).toHaveLength(1);
        const [uploaded, total] = /uploaded to the pages' bucket in [\d.]+ s \((\d+) of (\d+) files changed/
          .exec(renders[0] ?? '')
          ?.slice(1)
          .map(Number) ?? [0, 0];
        expect(uploaded).toBeGreaterThan(0);
        expect(uploaded).toBeLessThan((total ?? 0) / 2);
        const took = since.find((o) => o !== renders[0]) ?? '';
        expect(took).toContain(`took build ${built?.buildId} from the pages'`);
        const [downloaded, linked] = /\((\d+) files downloaded, (\d+) unchanged linked\)/
          .exec(took)
          ?.slice(1)
          .map(Number) ?? [0, 0];
        expect(downloaded).toBe(uploaded);
        expect(linked).toBeGreaterThan(downloaded ?? 0);
        await Promise.all([stop(a), stop(b)]);

        // An instance started afterwards takes that build from the bucket and renders nothing.
        const c = await run('scripts/start.ts', { ...third, sqlite: ws.sqlite }, pages);
        await ready(c);
        expect(c.output()).toContain(`Took build ${built?.buildId} from the pages' bucket`);
        expect(c.output()).toContain('not rebuilding');
        expect(c.output()).not.toContain('Building the shop');
        expect(await servedBuildId(c)).toBe(built?.buildId);
        expect(await shows(c)).toBe(true);
        await stop(c);
      } finally {
        await s3.dispose();
      }
    },
    TEST_MS,
  );
});
