import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildChildEnv } from '../../scripts/lib/rebuild-scheduler.ts';

const dir = mkdtempSync(join(tmpdir(), 'build-child-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The compile cache folder a Node process started with `env` uses ('' when off). */
const cacheDirOf = (env: NodeJS.ProcessEnv): string =>
  execFileSync(process.execPath, ['-e', "process.stdout.write(require('node:module').getCompileCacheDir() ?? '')"], {
    env,
  }).toString();

describe("the rebuild's process", () => {
  it("starts with Node's compile cache on, in Node's default folder", () => {
    const { NODE_COMPILE_CACHE: _set, ...env } = process.env;
    expect(cacheDirOf(env)).toBe('');
    expect(cacheDirOf(buildChildEnv(env))).toContain(join(tmpdir(), 'node-compile-cache'));
  });

  it('keeps the folder NODE_COMPILE_CACHE names, and NODE_DISABLE_COMPILE_CACHE turns it off', () => {
    const env = { ...process.env, NODE_COMPILE_CACHE: join(dir, 'compiled') };
    expect(cacheDirOf(buildChildEnv(env))).toContain(join(dir, 'compiled'));
    expect(cacheDirOf(buildChildEnv({ ...env, NODE_DISABLE_COMPILE_CACHE: '1' }))).toBe('');
  });
});
