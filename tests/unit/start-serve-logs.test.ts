/**
 * `npm start` logs as `npm run serve` does (one JSON line a request, info events), and every server
 * the shop runs keeps idle connections KEEP_ALIVE_SECONDS. The start script runs for real, on a
 * complete build made beforehand for the same catalogue, so it serves without building.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installInProcessShop } from '../../scripts/lib/in-process-shop.ts';
import { newReleaseDir, publish, sealRelease } from '../../scripts/lib/releases.ts';
import { listenShop } from '../../scripts/lib/serve-shop.ts';
import { HEADERS_TIMEOUT_MARGIN_MS, KEEP_ALIVE_SECONDS } from '../../src/config.ts';
import { catalogFingerprint, closeBuildData } from '../../src/lib/api/build.server.ts';
import { openDb } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { readEnv } from '../../src/server/env.ts';
import { seed } from '../../src/server/seed/seed.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Safety net for a child that never gets there; no assertion is about how long anything takes. */
const GIVE_UP_MS = 100_000;

const dirs: string[] = [];
const children: ChildProcess[] = [];
const servers: Server[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

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

/** The environment of a shop run by its owner: no test runner's variables, no LOG_LEVEL. */
function ownerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('VITEST') && !['NODE_ENV', 'LOG_LEVEL', 'DATABASE_URL', 'API_BASE', 'FORCE_BUILD'].includes(k))
      env[k] = v;
  return { ...env, NODE_ENV: 'development', ...extra };
}

describe('npm start', () => {
  it(
    'writes a JSON line for each request and its info events, as npm run serve does',
    async () => {
      const data = mkdtempSync(join(tmpdir(), 'shop-start-logs-'));
      mkdirSync(join(ROOT, 'dist/tests'), { recursive: true });
      const dist = mkdtempSync(join(ROOT, 'dist/tests/start-logs-'));
      dirs.push(data, dist);
      const sqlite = join(data, 'shop.sqlite');

      // The catalogue, and a complete build made from it: start finds nothing to build.
      const db = openDb({ sqlitePath: sqlite });
      await migrate(db);
      await seed(db, { logN: 10 });
      await db.close();
      const before = { SQLITE_PATH: process.env.SQLITE_PATH, DATABASE_URL: process.env.DATABASE_URL };
      process.env.SQLITE_PATH = sqlite;
      delete process.env.DATABASE_URL;
      installInProcessShop();
      const { fingerprint } = await catalogFingerprint();
      await closeBuildData();
      Object.assign(process.env, before);
      if (before.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
      const release = newReleaseDir(dist);
      await mkdir(join(release, 'client'), { recursive: true });
      await sealRelease(release, 'logs-test', fingerprint);
      await publish(dist, release);

      const port = await freePort();
      let output = '';
      const child = spawn(process.execPath, ['scripts/start.ts'], {
        cwd: ROOT,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: ownerEnv({
          DIST_DIR: dist,
          SQLITE_PATH: sqlite,
          PORT: String(port),
          HOST: '127.0.0.1',
          REBUILD_CHECK_SECONDS: '0',
        }),
      });
      children.push(child);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const until = async (what: string, check: () => boolean) => {
        const deadline = Date.now() + GIVE_UP_MS;
        while (!check()) {
          if (child.exitCode !== null) throw new Error(`exited before ${what}:\n${output}`);
          if (Date.now() > deadline) throw new Error(`never ${what}:\n${output}`);
          await new Promise((ok) => setTimeout(ok, 20));
        }
      };
      await until('served the shop', () => output.includes('Shop ready at'));
      expect(output).toContain('Build logs-test is complete and matches the catalog');

      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { 'x-request-id': 'start-logs-1' } });
      await res.arrayBuffer();
      const lines = () =>
        output
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Record<string, unknown>);
      await until('logged the request', () => lines().some((l) => l.requestId === 'start-logs-1'));
      const line = lines().find((l) => l.requestId === 'start-logs-1');
      expect(line).toMatchObject({ level: 'info', event: 'request', method: 'GET', status: res.status });
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    },
    GIVE_UP_MS * 2,
  );
});

describe('the serving process', () => {
  const fetch = () => new Response('ok');
  const listen = (env: Record<string, string>) =>
    new Promise<Server>((done) => {
      const server: Server = listenShop(readEnv({ PORT: '0', HOST: '127.0.0.1', ...env }), fetch, () => done(server));
      servers.push(server);
    });

  it('keeps an idle connection 65 s by default, its headers a little longer', async () => {
    const server = await listen({});
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_SECONDS * 1000);
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBe(65_000 + HEADERS_TIMEOUT_MARGIN_MS);
  });

  it('KEEP_ALIVE_SECONDS sets it, headersTimeout above it', async () => {
    const server = await listen({ KEEP_ALIVE_SECONDS: '120' });
    expect(server.keepAliveTimeout).toBe(120_000);
    expect(server.headersTimeout).toBeGreaterThan(120_000);
    expect(() => readEnv({ KEEP_ALIVE_SECONDS: '0' })).toThrow(/KEEP_ALIVE_SECONDS/);
  });
});
