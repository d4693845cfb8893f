/**
 * `npm start` and the build as a new user meets them: the real scripts in child processes, each test
 * on its own output folder and embedded database. A build is killed part way with SIGKILL, starts
 * run side by side, and what they serve is read over HTTP.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../scripts/lib/build-lock.ts';
import { completeRelease, liveBuild } from '../../scripts/lib/releases.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Safety net for a child that never gets there; no assertion is about how long anything takes. */
const GIVE_UP_MS = 150_000;
const TEST_MS = 300_000;

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

async function run(script: string, ws: { dist: string; sqlite: string }): Promise<Run> {
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

describe('npm start', () => {
  const ws = workspace();

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
