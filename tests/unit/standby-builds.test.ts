import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STANDBY_READY, StandbyBuilds } from '../../scripts/lib/rebuild-scheduler.ts';

const dir = mkdtempSync(join(tmpdir(), 'standby-builds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A folder no build may keep: a standby that built would leave its release (or its lock) there.
const env = { ...process.env, DIST_DIR: join(dir, 'dist'), SQLITE_PATH: join(dir, 'shop.sqlite') };

/** The standby build processes of a DIST_DIR (Linux: their environment in /proc). */
function buildProcesses(dist = env.DIST_DIR): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        const environ = readFileSync(`/proc/${p}/environ`, 'utf8');
        // Not the helpers it starts (Vite's esbuild service inherits its environment).
        const command = readFileSync(`/proc/${p}/cmdline`, 'utf8');
        return (
          environ.includes(`DIST_DIR=${dist}\0`) &&
          environ.includes('BUILD_STANDBY=1') &&
          command.includes('scripts/build.ts')
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Safety nets, not measures (no assertion is about how long anything takes): each test starts one or two
 * build processes, which load Astro and the shop's code first (about 6 s alone, more than the default 30 s
 * for two of them while other work shares the machine), and waits for processes to end.
 */
const TEST_MS = 180_000;
const EXIT_WAIT_MS = 60_000;

describe('builds started ahead of need', { timeout: TEST_MS }, () => {
  it('load their modules, say so and wait; closed, they end without building', async () => {
    const standby = new StandbyBuilds(env);
    await standby.ready();
    const waiting = buildProcesses();
    expect(waiting).toHaveLength(1);
    // Ready means bundled: the code (which an edit does not change) is in its release, and it has not
    // taken the lock or read the catalogue.
    const releases = readdirSync(join(env.DIST_DIR, 'releases'));
    expect(releases).toEqual([expect.stringMatching(new RegExp(`-${waiting[0]}$`))]);
    const release = join(env.DIST_DIR, 'releases', releases[0] ?? '');
    expect(readdirSync(join(release, 'client', '_astro')).some((f) => f.endsWith('.js'))).toBe(true);
    expect(existsSync(join(release, 'server', 'entry.mjs'))).toBe(true);
    expect(existsSync(join(env.DIST_DIR, '.build.lock'))).toBe(false);
    expect(existsSync(env.SQLITE_PATH)).toBe(false);
    standby.close();
    const until = Date.now() + EXIT_WAIT_MS;
    while (buildProcesses().length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(buildProcesses()).toEqual([]);
    expect(existsSync(env.DIST_DIR)).toBe(false);
  });

  it('one that died while it waited is not asked to build: a new process builds', async () => {
    // A database nobody listens on: a build that starts fails at once, with the connection's error.
    const failing = { ...env, DIST_DIR: join(dir, 'dist-failing'), DATABASE_URL: 'postgres://shop@127.0.0.1:9/none' };
    const standby = new StandbyBuilds(failing);
    try {
      await standby.ready();
      const [pid] = buildProcesses(failing.DIST_DIR);
      if (!pid) throw new Error('a standby waits');
      process.kill(pid, 'SIGKILL');
      // Gone from /proc once this process has reaped it, which is when it hears of its end.
      const until = Date.now() + EXIT_WAIT_MS;
      while (existsSync(`/proc/${pid}`) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const built = standby.build(() => {});
      await expect(built).rejects.toThrow(/ECONNREFUSED/);
      await expect(built).rejects.not.toThrow(/SIGKILL/);
    } finally {
      standby.close();
    }
  });

  it('end without building when their input closes (the serving process is gone)', async () => {
    const child = spawn(process.execPath, ['scripts/build.ts'], {
      env: { ...env, BUILD_STANDBY: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes(STANDBY_READY)) child.stdin.end();
    });
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(out).toContain(STANDBY_READY);
    expect(code).toBe(0);
    expect(existsSync(env.DIST_DIR)).toBe(false);
  });
});
