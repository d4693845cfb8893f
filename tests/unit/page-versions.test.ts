import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  endCacheUse,
  pageVersions,
  sameAsLive,
  startCacheUse,
  writePageVersions,
} from '../../scripts/lib/page-versions.ts';

const dir = mkdtempSync(join(tmpdir(), 'page-versions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Astro's manifest as its incremental build writes it. */
function manifest(cache: string, keys: Record<string, string>, dependencyHash = 'd1'): void {
  const paths = Object.fromEntries(
    Object.entries(keys).map(([path, cacheKey]) => [path, { cacheKey, outputFile: `client${path}/index.html` }]),
  );
  writeFileSync(
    join(cache, 'incremental-build.json'),
    JSON.stringify({ configHash: 'c', lockfileHash: 'l', routes: { 'src/pages/p.astro': { dependencyHash, paths } } }),
  );
}

describe("the pages' versions across releases", () => {
  it('a page keeps its version while its key and code do; a moved key or new code is a new version', async () => {
    const cache = mkdtempSync(join(dir, 'cache-'));
    const live = mkdtempSync(join(dir, 'live-'));
    manifest(cache, { '/a': 'k1', '/b': 'k2' });
    await writePageVersions(live, pageVersions(cache));
    manifest(cache, { '/a': 'k1', '/b': 'k3', '/c': 'k4' });
    expect([...sameAsLive(live, pageVersions(cache))]).toEqual(['a/index.html']);
    manifest(cache, { '/a': 'k1', '/b': 'k2' }, 'd2');
    expect(sameAsLive(live, pageVersions(cache)).size).toBe(0);
    // A live release without versions (an older build): nothing is taken as the same.
    expect(sameAsLive(mkdtempSync(join(dir, 'old-')), pageVersions(cache)).size).toBe(0);
  });

  it('a build that did not finish makes the next one forget the cache manifest', async () => {
    const cache = join(dir, 'cache-interrupted');
    mkdirSync(cache);
    manifest(cache, { '/a': 'k1' });
    expect(await startCacheUse(cache)).toBe(false);
    await endCacheUse(cache);
    expect(existsSync(join(cache, 'incremental-build.json'))).toBe(true);
    // Started and never ended (a crash, a kill, a failure after pages went into the cache).
    expect(await startCacheUse(cache)).toBe(false);
    expect(await startCacheUse(cache)).toBe(true);
    expect(existsSync(join(cache, 'incremental-build.json'))).toBe(false);
  });
});
