import fs, { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { linkRestores } from '../../scripts/lib/build-cache.ts';
import { finishPageTwins, startPageTwins, takingPages, twinPage, twinsOf } from '../../scripts/lib/page-twins.ts';
import { postBuild } from '../../scripts/lib/post-build.ts';

const dir = mkdtempSync(join(tmpdir(), 'page-twins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function client(): string {
  const c = mkdtempSync(join(dir, 'client-'));
  mkdirSync(join(c, '_astro'));
  writeFileSync(join(c, '_astro', 'page.js'), 'import"./chunk.js";');
  writeFileSync(join(c, '_astro', 'chunk.js'), 'console.log(1)');
  return c;
}

const page = (text: string) =>
  `<html><head><script type="module" src="/_astro/page.js"></script></head><body>${text.repeat(200)}</body></html>`;

/** Both twins of `file` hold exactly the file's text. */
function twinsMatch(file: string): boolean {
  const body = readFileSync(file);
  return (
    brotliDecompressSync(readFileSync(`${file}.br`)).equals(body) && gunzipSync(readFileSync(`${file}.gz`)).equals(body)
  );
}

describe('pages compressed while rendering', () => {
  it('writes the twins of the deferred page where Astro writes it, and the post-build pass keeps them', async () => {
    const c = client();
    startPageTwins(c);
    expect(takingPages()).toBe(true);
    const html = String(await twinPage('/brands/sony/', page('聲林')));
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('/_astro/chunk.js');
    // The page Astro writes is the one returned.
    const file = join(c, 'brands', 'sony', 'index.html');
    mkdirSync(join(c, 'brands', 'sony'), { recursive: true });
    writeFileSync(file, html);
    const { done, rendered } = await finishPageTwins();
    expect(takingPages()).toBe(false);
    expect(rendered).toBe(1);
    expect([...done.keys()]).toEqual([join('brands', 'sony', 'index.html')]);
    const stats = await postBuild(c, done);
    expect(stats.early).toBe(1);
    expect(twinsMatch(file)).toBe(true);
  });

  it('compresses again a page whose file is not the text compressed while rendering', async () => {
    const c = client();
    startPageTwins(c);
    const html = String(await twinPage('/en/articles/one', page('first')));
    const file = join(c, 'en', 'articles', 'one', 'index.html');
    mkdirSync(join(c, 'en', 'articles', 'one'), { recursive: true });
    writeFileSync(file, html.replace('first', 'second'));
    const stats = await postBuild(c, (await finishPageTwins()).done);
    expect(stats.early).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('second');
    expect(twinsMatch(file)).toBe(true);
  });

  it('leaves error pages and files with an extension to the post-build pass', async () => {
    const c = client();
    startPageTwins(c);
    await twinPage('/404', page('missing'));
    await twinPage('/en/404/', page('missing'));
    await twinPage('/sitemap.xml', page('x'));
    const { done, rendered } = await finishPageTwins();
    expect(done.size).toBe(0);
    expect(rendered).toBe(3);
  });

  it('links the twins of a page unchanged since the previous release, and compresses a changed one', async () => {
    const before = client();
    const same = join(before, 'brands', 'sony', 'index.html');
    const moved = join(before, 'brands', 'jbl', 'index.html');
    for (const [file, text] of [
      [same, 'same'],
      [moved, 'NT$4,490'],
    ]) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, page(text));
    }
    await postBuild(before);
    const after = client();
    for (const [file, text] of [
      [same, 'same'],
      [moved, 'NT$3,990'],
    ]) {
      const next = join(after, file.slice(before.length));
      mkdirSync(join(next, '..'), { recursive: true });
      writeFileSync(next, page(text));
    }
    const stats = await postBuild(after, new Map(), before);
    // The unchanged page and the two scripts' twins are linked; the moved price is compressed anew.
    expect(stats.reused).toBe(1);
    const linked = join(after, 'brands', 'sony', 'index.html');
    expect(statSync(`${linked}.br`).ino).toBe(statSync(`${same}.br`).ino);
    const fresh = join(after, 'brands', 'jbl', 'index.html');
    expect(statSync(`${fresh}.br`).ino).not.toBe(statSync(`${moved}.br`).ino);
    expect(twinsMatch(linked)).toBe(true);
    expect(twinsMatch(fresh)).toBe(true);
    expect(brotliDecompressSync(readFileSync(`${fresh}.br`)).toString()).toContain('NT$3,990');
  });

  it('leaves to the post-build pass a page whose twins the twin thread could not write', async () => {
    const c = client();
    // A file where the page's folder would be: the thread cannot make the folder, and says so.
    writeFileSync(join(c, 'blocked'), 'not a folder');
    startPageTwins(c);
    const html = String(await twinPage('/blocked/page', page('held')));
    const { done, rendered } = await finishPageTwins();
    expect(rendered).toBe(1);
    expect(done.size).toBe(0);
    // Astro's own write then fails too in a real build; here the page is written elsewhere and the
    // pass compresses what it finds, the thread's failure having left nothing half-written.
    rmSync(join(c, 'blocked'));
    const file = join(c, 'blocked', 'page', 'index.html');
    mkdirSync(join(c, 'blocked', 'page'), { recursive: true });
    writeFileSync(file, html);
    const stats = await postBuild(c, done);
    expect(stats.early).toBe(0);
    expect(twinsMatch(file)).toBe(true);
  });

  it('passes pages through when no build is taking them', async () => {
    expect(takingPages()).toBe(false);
    const html = page('dev');
    expect(String(await twinPage('/', html))).toBe(html);
  });
});

describe('the post-build pass over an edit', () => {
  it('counts the pages restored with their twins without a read through the thread pool for each', async () => {
    const c = client();
    const restored = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const rel = join('brands', 'sony', `p${i}`, 'index.html');
      mkdirSync(join(c, rel, '..'), { recursive: true });
      for (const twin of ['', '.br', '.gz']) writeFileSync(join(c, rel + twin), page(`p${i}`));
      restored.add(rel);
    }
    // The named imports of node:fs/promises follow the spies once the built-in bindings are synced.
    const reads = vi.spyOn(fs.promises, 'readdir');
    const opens = vi.spyOn(fs.promises, 'readFile');
    syncBuiltinESMExports();
    try {
      const stats = await postBuild(c, new Map(), null, restored);
      expect(stats).toMatchObject({ pages: 50, reused: 50 });
      // Only the scripts' folder and its two scripts (their import graph), whatever the number of pages.
      expect(reads.mock.calls.length).toBeLessThanOrEqual(1);
      expect(opens.mock.calls.every(([file]) => String(file).includes('_astro'))).toBe(true);
    } finally {
      reads.mockRestore();
      opens.mockRestore();
      syncBuiltinESMExports();
    }
  });

  it('a page Astro writes into the release and then into its cache is one file; the post-build pass does not read it again', async () => {
    const root = mkdtempSync(join(dir, 'build-'));
    const out = join(root, 'release');
    const c = join(out, 'client');
    mkdirSync(join(c, '_astro'), { recursive: true });
    writeFileSync(join(c, '_astro', 'page.js'), 'import"./chunk.js";');
    writeFileSync(join(c, '_astro', 'chunk.js'), 'console.log(1)');
    const cacheDir = join(root, 'cache');
    startPageTwins(c);
    const restores = await linkRestores(cacheDir, out, twinsOf);
    const pages = ['/brands/sony/', '/en/brands/jbl/'];
    const replaced = join(c, 'en', 'brands', 'jbl', 'index.html');
    try {
      // As Astro writes a rendered page (generate.js): its folder, the release's file, then the same
      // bytes into its cache.
      for (const pathname of pages) {
        const body = await twinPage(pathname, page(pathname));
        const rel = join(pathname.slice(1), 'index.html');
        await fs.promises.mkdir(join(c, pathname), { recursive: true });
        await fs.promises.writeFile(join(c, rel), body);
        await fs.promises.mkdir(join(cacheDir, 'dist', 'client', pathname), { recursive: true });
        await fs.promises.writeFile(join(cacheDir, 'dist', 'client', rel), body);
        expect(statSync(join(cacheDir, 'dist', 'client', rel)).ino).toBe(statSync(join(c, rel)).ino);
      }
      // A page replaced after it was written (a new file): compressed again from its final text.
      writeFileSync(`${replaced}.new`, page('replaced'));
      fs.renameSync(`${replaced}.new`, replaced);
    } finally {
      restores.stop();
    }
    await restores.settle();
    const { done } = await finishPageTwins();
    const opens = vi.spyOn(fs.promises, 'readFile');
    syncBuiltinESMExports();
    try {
      const stats = await postBuild(c, done, null, restores.withTwins, restores.stamps);
      expect(stats).toMatchObject({ pages: 2, early: 1 });
      const read = opens.mock.calls.map(([file]) => String(file)).filter((file) => !file.includes('_astro'));
      expect(read).toEqual([replaced]);
    } finally {
      opens.mockRestore();
      syncBuiltinESMExports();
    }
    for (const pathname of pages) expect(twinsMatch(join(c, pathname, 'index.html'))).toBe(true);
    const cachedSony = join(cacheDir, 'dist', 'client', 'brands', 'sony', 'index.html');
    expect(statSync(`${cachedSony}.br`).ino).toBe(statSync(join(c, 'brands', 'sony', 'index.html.br')).ino);
  });
});
