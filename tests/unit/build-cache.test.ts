import fs, { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { endCacheUse, linkRestores, startCacheUse } from '../../scripts/lib/build-cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'build-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function put(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A cache holding one page (with or without twins), a live release linked to it, and a new release. */
function setUp(name: string, twins = true) {
  const cache = join(dir, name, 'cache');
  const out = join(dir, name, 'release-2');
  const cached = join(cache, 'dist/client/p/a/index.html');
  put(cached, 'page v1');
  if (twins) for (const t of ['.br', '.gz']) put(cached + t, `v1${t}`);
  const live = join(dir, name, 'release-1/client/p/a/index.html');
  mkdirSync(dirname(live), { recursive: true });
  fs.linkSync(cached, live);
  mkdirSync(join(out, 'client/p/a'), { recursive: true });
  return { cache, out, cached, live, restored: join(out, 'client/p/a/index.html') };
}

describe("Astro's incremental cache, linked", () => {
  it("a restore links the page and its twins; a page rendered again leaves every release's copy whole", async () => {
    const { cache, out, cached, live, restored } = setUp('restore');
    // Twins made in this build (page-twins.ts): page b's only.
    const restores = await linkRestores(cache, out, async (file) => file === 'p/b/index.html');
    try {
      // As Astro restores (incremental.js: fs.promises.copyFile with file URLs).
      await fs.promises.copyFile(pathToFileURL(cached), pathToFileURL(restored));
      expect(statSync(restored).ino).toBe(statSync(cached).ino);
      expect(readFileSync(`${restored}.br`, 'utf8')).toBe('v1.br');
      expect([...restores.withTwins]).toEqual(['p/a/index.html']);

      // The page rendered again: the new release's file and twins, then Astro's write into the cache.
      const rendered = join(out, 'client/p/b/index.html');
      put(rendered, 'page v2');
      for (const t of ['.br', '.gz']) put(rendered + t, `v2${t}`);
      const cachedB = join(cache, 'dist/client/p/b/index.html');
      mkdirSync(dirname(cachedB), { recursive: true });
      await fs.promises.writeFile(pathToFileURL(cachedB), 'page v2');
      await restores.settle();
      expect(readFileSync(`${cachedB}.gz`, 'utf8')).toBe('v2.gz');

      await fs.promises.writeFile(pathToFileURL(cached), 'page v3');
      expect(readFileSync(cached, 'utf8')).toBe('page v3');
      // The live release and the restored page keep the bytes they were linked to.
      expect(readFileSync(live, 'utf8')).toBe('page v1');
      expect(readFileSync(restored, 'utf8')).toBe('page v1');
      // The cache's old twins went with the old page (page a's twins were not made in this release).
      expect(existsSync(`${cached}.br`)).toBe(false);
      expect(readFileSync(`${restored}.br`, 'utf8')).toBe('v1.br');
    } finally {
      restores.stop();
    }
  });

  it('a page whose twins are missing is restored alone, for the post-build pass to compress', async () => {
    const { cache, out, cached, restored } = setUp('no-twins', false);
    put(`${cached}.br`, 'v1.br');
    const restores = await linkRestores(cache, out, async () => false);
    try {
      await fs.promises.copyFile(cached, restored);
      expect(readFileSync(restored, 'utf8')).toBe('page v1');
      expect(existsSync(`${restored}.br`)).toBe(false);
      expect(restores.withTwins.size).toBe(0);
      // The post-build pass compressed it; its twins then go into the cache for the next build.
      for (const t of ['.br', '.gz']) put(restored + t, `made${t}`);
      expect(await restores.keepTwins()).toBe(1);
      expect(statSync(`${cached}.gz`).ino).toBe(statSync(`${restored}.gz`).ino);
    } finally {
      restores.stop();
    }
  });

  it('files outside the cache are copied and written as before, and stop() puts fs back', async () => {
    const { cache, out } = setUp('outside');
    const copyFile = fs.promises.copyFile;
    const restores = await linkRestores(cache, out, async () => true);
    const source = join(dir, 'outside/public.txt');
    put(source, 'asset');
    await fs.promises.copyFile(source, join(out, 'client/public.txt'));
    expect(statSync(join(out, 'client/public.txt')).ino).not.toBe(statSync(source).ino);
    restores.stop();
    expect(fs.promises.copyFile).toBe(copyFile);
  });

  it('a build that did not finish makes the next one forget the cache manifest', async () => {
    const cache = join(dir, 'cache-interrupted');
    put(join(cache, 'incremental-build.json'), '{}');
    expect(await startCacheUse(cache)).toBe(false);
    await endCacheUse(cache);
    expect(existsSync(join(cache, 'incremental-build.json'))).toBe(true);
    // Started and never ended (a crash, a kill, a failure after pages went into the cache).
    expect(await startCacheUse(cache)).toBe(false);
    expect(await startCacheUse(cache)).toBe(true);
    expect(existsSync(join(cache, 'incremental-build.json'))).toBe(false);
  });
});
