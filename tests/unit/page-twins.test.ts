import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { finishPageTwins, startPageTwins, takingPages, twinPage } from '../../scripts/lib/page-twins.ts';
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
    const html = await twinPage('/brands/sony/', page('聲林'));
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('/_astro/chunk.js');
    // The page Astro writes is the one returned.
    const file = join(c, 'brands', 'sony', 'index.html');
    mkdirSync(join(c, 'brands', 'sony'), { recursive: true });
    writeFileSync(file, html);
    const done = await finishPageTwins();
    expect(takingPages()).toBe(false);
    expect([...done.keys()]).toEqual([join('brands', 'sony', 'index.html')]);
    const stats = await postBuild(c, done);
    expect(stats.early).toBe(1);
    expect(twinsMatch(file)).toBe(true);
  });

  it('compresses again a page whose file is not the text compressed while rendering', async () => {
    const c = client();
    startPageTwins(c);
    const html = await twinPage('/en/articles/one', page('first'));
    const file = join(c, 'en', 'articles', 'one', 'index.html');
    mkdirSync(join(c, 'en', 'articles', 'one'), { recursive: true });
    writeFileSync(file, html.replace('first', 'second'));
    const stats = await postBuild(c, await finishPageTwins());
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
    expect((await finishPageTwins()).size).toBe(0);
  });

  it('passes pages through when no build is taking them', async () => {
    expect(takingPages()).toBe(false);
    const html = page('dev');
    expect(await twinPage('/', html)).toBe(html);
  });
});
