/**
 * Releases over a base (scripts/lib/releases.ts): what a release serves, and which releases the
 * clean-up keeps.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  completeRelease,
  layerPlan,
  liveBuild,
  prune,
  publish,
  releaseView,
  sealRelease,
  viewFile,
  viewFiles,
  writeLowerLayer,
} from '../../scripts/lib/releases.ts';

const dists: string[] = [];
afterEach(() => {
  for (const d of dists.splice(0)) rmSync(d, { recursive: true, force: true });
});

function newDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'releases-'));
  dists.push(dist);
  return dist;
}

/** A complete release `name` holding `files` (path → text), over `lower` when given. */
async function release(
  dist: string,
  name: string,
  files: Record<string, string>,
  lower?: { base: string; pages: string[] },
): Promise<string> {
  const dir = join(dist, 'releases', name);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'client', rel, '..'), { recursive: true });
    writeFileSync(join(dir, 'client', rel), text);
  }
  if (lower) await writeLowerLayer(dir, join(dist, 'releases', lower.base), lower.pages, 1);
  await sealRelease(dir, name, `fingerprint-${name}`);
  return dir;
}

describe('a release over a base', () => {
  it('serves its own files, then the pages it lists from its base with their twins, and nothing else of the base', async () => {
    const dist = newDist();
    await release(dist, '1', {
      'a/index.html': 'a from the base',
      'a/index.html.br': 'a br',
      'a/index.html.gz': 'a gz',
      'b/index.html': 'b from the base',
      'gone/index.html': 'withdrawn since',
    });
    const over = await release(
      dist,
      '2',
      { 'b/index.html': 'b rendered again', 'c/index.html': 'c new' },
      { base: '1', pages: ['a/index.html'] },
    );
    const view = releaseView(over);
    expect(viewFile(view, 'a/index.html')).toBe(join(dist, 'releases/1/client/a/index.html'));
    expect(viewFile(view, 'a/index.html.br')).toBe(join(dist, 'releases/1/client/a/index.html.br'));
    expect(viewFile(view, 'b/index.html')).toBe(join(over, 'client/b/index.html'));
    expect(viewFile(view, 'gone/index.html')).toBeNull();
    expect([...viewFiles(view)].sort()).toEqual([
      'a/index.html',
      'a/index.html.br',
      'a/index.html.gz',
      'b/index.html',
      'builds/latest.json',
      'c/index.html',
    ]);
  });

  it('keeps the base as long as a kept release reads from it, and removes it after', async () => {
    const dist = newDist();
    await release(dist, '1', { 'a/index.html': 'a' });
    for (const name of ['2', '3', '4']) {
      const dir = await release(dist, name, { 'b/index.html': name }, { base: '1', pages: ['a/index.html'] });
      await publish(dist, dir);
      await prune(dist);
    }
    // The live release (4), the one before it (3), and their base (1); 2 is gone.
    expect(liveBuild(dist)?.buildId).toBe('4');
    expect(['1', '2', '3', '4'].map((n) => existsSync(join(dist, 'releases', n)))).toEqual([true, false, true, true]);
    expect(viewFile(releaseView(join(dist, 'releases/4')), 'a/index.html')).not.toBeNull();

    // Two releases that hold every page: nothing reads from 1 any longer.
    for (const name of ['5', '6']) {
      await publish(dist, await release(dist, name, { 'a/index.html': name }));
      await prune(dist);
    }
    expect(['1', '3', '4', '5', '6'].map((n) => existsSync(join(dist, 'releases', n)))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('the clean-up of incomplete releases', () => {
  it('keeps one whose build process still runs (a build started ahead of need) and removes one whose process is gone', async () => {
    const dist = newDist();
    await publish(dist, await release(dist, '20261128000000000-1', { 'a/index.html': 'a' }));
    const running = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    try {
      await new Promise((done) => gone.on('exit', done));
      for (const pid of [running.pid, gone.pid]) {
        mkdirSync(join(dist, 'releases', `20261128000001000-${pid}`, 'client', '_astro'), { recursive: true });
      }
      await prune(dist);
      expect(existsSync(join(dist, 'releases', `20261128000001000-${running.pid}`))).toBe(true);
      expect(existsSync(join(dist, 'releases', `20261128000001000-${gone.pid}`))).toBe(false);
      running.kill('SIGKILL');
      await new Promise((done) => running.on('exit', done));
      await prune(dist);
      expect(existsSync(join(dist, 'releases', `20261128000001000-${running.pid}`))).toBe(false);
      expect(liveBuild(dist)?.buildId).toBe('20261128000000000-1');
    } finally {
      running.kill('SIGKILL');
    }
  });
});

describe('whether a build may leave its unchanged pages in the release before (layerPlan)', () => {
  it('over a release that holds every page: when the cache is that release’s, and not with FLAT_RELEASES', async () => {
    const dist = newDist();
    const full = completeRelease(await release(dist, '1', { 'a/index.html': 'a' }));
    expect(layerPlan(null, null, false)).toBeNull();
    expect(layerPlan(full, '1', true)).toBeNull();
    // The cache holds another release's pages (a release taken from the pages' bucket, a failed build).
    expect(layerPlan(full, 'another', false)).toBeNull();
    expect(layerPlan(full, null, false)).toBeNull();
    const plan = layerPlan(full, '1', false);
    expect(plan?.base).toBe(join(dist, 'releases/1'));
    expect(plan?.inBase('anything/index.html')).toBe(true);
  });

  it('over a release over a base: that base, for the pages read from it, until the pages rendered since pass a tenth', async () => {
    const dist = newDist();
    await release(dist, '1', { 'a/index.html': 'a', 'b/index.html': 'b' });
    const pages = Array.from({ length: 90 }, (_, i) => `p${i}/index.html`);
    const near = completeRelease(await release(dist, '2', { 'b/index.html': 'b2' }, { base: '1', pages }));
    const plan = layerPlan(near, '2', false);
    expect(plan?.base).toBe(join(dist, 'releases/1'));
    expect(plan?.inBase('p3/index.html')).toBe(true);
    // Rendered since the base: the new build restores it from the cache, as the live release holds it.
    expect(plan?.inBase('b/index.html')).toBe(false);

    const far = join(dist, 'releases/3');
    mkdirSync(join(far, 'client'), { recursive: true });
    await writeLowerLayer(far, join(dist, 'releases/1'), pages, 11);
    await sealRelease(far, '3', 'fingerprint-3');
    expect(layerPlan(completeRelease(far), '3', false)).toBeNull();
  });
});
