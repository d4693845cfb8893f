import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deferPageScripts, readImportGraph } from '../../scripts/lib/script-priority.ts';
import { cspFor } from '../../src/server/site.ts';

const dir = mkdtempSync(join(tmpdir(), 'script-priority-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function built(files: Record<string, string>): string {
  const client = mkdtempSync(join(dir, 'client-'));
  mkdirSync(join(client, '_astro'));
  for (const [name, code] of Object.entries(files)) writeFileSync(join(client, '_astro', name), code);
  return client;
}

const page = (scripts: string[]) =>
  `<html><head>${scripts.map((s) => `<script type="module" src="/_astro/${s}"></script>`).join('')}</head>` +
  '<body><h1>Page</h1></body></html>';

describe('readImportGraph', () => {
  it('lists static imports and re-exports, never dynamic imports', async () => {
    const client = built({
      'a.js':
        'import{t as e}from"./b.js";import"./c.js";export{x}from"./d.js";import("./lazy.js");import(`./lazy2.js`)',
      'b.js': 'const b=1;export{b as t}',
    });
    const graph = await readImportGraph(client);
    expect(graph.get('a.js')).toEqual(['b.js', 'c.js', 'd.js']);
    expect(graph.get('b.js')).toEqual([]);
  });

  it('is empty for a build without scripts', async () => {
    expect((await readImportGraph(join(dir, 'missing'))).size).toBe(0);
  });
});

describe('deferPageScripts', () => {
  const graph = new Map([
    ['Entry1.js', ['shared.js']],
    ['Entry2.js', ['shared.js', 'own.js']],
    ['shared.js', ['deep.js']],
  ]);

  it('replaces the module scripts with one loader that keeps their order and preloads their imports', () => {
    const html = deferPageScripts(page(['Entry1.js', 'Entry2.js']), graph);
    expect(html).not.toContain('<script type="module"');
    const loaders = html.match(/<script>[\s\S]*?<\/script>/g) ?? [];
    expect(loaders).toHaveLength(1);
    const loader = loaders[0] ?? '';
    expect(loader).toContain(
      JSON.stringify([
        '/_astro/Entry1.js',
        '/_astro/Entry2.js',
        '/_astro/shared.js',
        '/_astro/own.js',
        '/_astro/deep.js',
      ]),
    );
    expect(loader).toContain(
      `for(const u of ${JSON.stringify(['/_astro/Entry1.js', '/_astro/Entry2.js'])})await import(u)`,
    );
    expect(loader).toContain('requestAnimationFrame');
    expect(html).toContain('<h1>Page</h1>');
  });

  it('leaves a page without module scripts as it is', () => {
    const html = '<html><body><script type="application/ld+json">{}</script></body></html>';
    expect(deferPageScripts(html, graph)).toBe(html);
  });

  it('produces a loader the page’s Content-Security-Policy allows by hash', () => {
    const html = deferPageScripts(page(['Entry1.js']), graph);
    const scriptSrc = cspFor(html)
      .split('; ')
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc?.match(/'sha256-/g)).toHaveLength(1);
  });
});
