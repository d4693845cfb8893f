import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { deferPageScripts, LEAD_IMAGE_WAIT_MS, readImportGraph } from '../../scripts/lib/script-priority.ts';
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

  it('replaces only scripts written as Astro writes them, and keeps the rest of the page', () => {
    const text = `<html><head><script type="module" src="/_astro/Entry1.js"></script>
<script type="module" src="/_astro/not a name.js"></script></head><body><p>聲林音響 Soundwood</p>
<script type="module" src="/_astro/Entry2.js"></script><script type="module" src="/_astro/Entry1.js" async></script></body></html>`;
    const html = deferPageScripts(text, graph);
    expect(html.match(/<script type="module"/g)).toHaveLength(2);
    expect(html).toContain('src="/_astro/not a name.js"');
    expect(html).toContain('src="/_astro/Entry1.js" async');
    expect(html).toContain('<p>聲林音響 Soundwood</p>');
    expect(html).toContain(
      `for(const u of ${JSON.stringify(['/_astro/Entry1.js', '/_astro/Entry2.js'])})await import(u)`,
    );
    const page = '<p>聲林</p><script type="module" src="/x.js"></script>';
    expect(deferPageScripts(page, graph)).toBe(page);
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

  describe('the loader in a page', () => {
    type Handler = () => void;
    interface Model {
      /** Entry types the browser reports; an empty list is a browser without paint timing. */
      reports?: string[];
      lead?: { complete: boolean } | null;
    }
    /** Runs the page's loader against a small model of the browser; returns its controls. */
    function run(
      { reports = ['element', 'largest-contentful-paint'], lead = { complete: false } }: Model,
      entries = ['Entry1.js'],
      imports = graph,
    ) {
      const script = /<script>([\s\S]*?)<\/script>/.exec(deferPageScripts(page(entries), imports))?.[1] ?? '';
      const on = new Map<string, Handler[]>();
      const leadOn = new Map<string, Handler[]>();
      const listen = (into: Map<string, Handler[]>) => (type: string, fn: Handler) =>
        into.set(type, [...(into.get(type) ?? []), fn]);
      const frames: Handler[] = [];
      /** Zero-delay timers: the tasks the page queues, run by `frame` (or one by one by `task`). */
      const tasks: Handler[] = [];
      const timers: { ms: number; fn: Handler }[] = [];
      const observers: { types: string[]; fn: (l: { getEntries(): { element: unknown }[] }) => void; off: boolean }[] =
        [];
      const preloaded: string[] = [];
      const imported: string[] = [];
      const image = lead && { ...lead, addEventListener: listen(leadOn) };
      class PerformanceObserver {
        static supportedEntryTypes = reports;
        private record: (typeof observers)[number];
        constructor(fn: (typeof observers)[number]['fn']) {
          this.record = { types: [], fn, off: false };
          observers.push(this.record);
        }
        observe(o: { type: string; buffered: boolean }) {
          this.record.types.push(o.type);
        }
        disconnect() {
          this.record.off = true;
        }
      }
      runInNewContext(script.replaceAll('import(', 'load('), {
        addEventListener: listen(on),
        requestAnimationFrame: (fn: Handler) => frames.push(fn),
        setTimeout: (fn: Handler, ms = 0) => (ms ? timers.push({ ms, fn }) : tasks.push(fn)),
        PerformanceObserver,
        load: async (u: string) => imported.push(u),
        document: {
          querySelector: (q: string) => (q === 'img[fetchpriority=high]' ? image : null),
          createElement: () => ({}),
          head: { append: (l: { href: string }) => preloaded.push(l.href) },
        },
      });
      const fire = (into: Map<string, Handler[]>, type: string) => {
        for (const fn of into.get(type) ?? []) fn();
      };
      return {
        fire: (type: string) => fire(on, type),
        fireLead: (type: string) => fire(leadOn, type),
        /** The browser reports a paint of `type` for the lead image, or for another element. */
        painted: (type: string, element: unknown = image) => {
          for (const o of observers) if (!o.off && o.types.includes(type)) o.fn({ getEntries: () => [{ element }] });
        },
        frame: async () => {
          for (const fn of frames.splice(0)) fn();
          for (let fn = tasks.shift(); fn; fn = tasks.shift()) {
            fn();
            await new Promise((r) => setImmediate(r));
          }
          await new Promise((r) => setImmediate(r));
        },
        /** Runs the frames due, then only the first task they queued. */
        firstTask: async () => {
          for (const fn of frames.splice(0)) fn();
          tasks.shift()?.();
          await new Promise((r) => setImmediate(r));
        },
        wait: (ms: number) => {
          for (const t of timers.filter((x) => x.ms <= ms)) t.fn();
        },
        observers,
        preloaded,
        imported,
      };
    }
    const started = ['/_astro/Entry1.js'];

    it('without a lead image, starts the scripts one frame after the browser reports the first paint', async () => {
      const page = run({ reports: ['element', 'largest-contentful-paint', 'paint'], lead: null });
      page.fire('DOMContentLoaded');
      expect(page.observers[0]?.types).toEqual(['largest-contentful-paint', 'paint']);
      await page.frame();
      expect(page.preloaded).toEqual([]);
      page.painted('paint', { any: true });
      expect(page.observers[0]?.off).toBe(true);
      expect(page.preloaded).toEqual([]);
      await page.frame();
      expect(page.preloaded).toContain('/_astro/shared.js');
      expect(page.imported).toEqual(started);
    });

    it('without a lead image in a browser that reports no paints, starts one frame after the document is parsed', async () => {
      const page = run({ reports: [], lead: null });
      await page.frame();
      expect(page.preloaded).toEqual([]);
      page.fire('DOMContentLoaded');
      expect(page.preloaded).toEqual([]);
      await page.frame();
      expect(page.preloaded).toContain('/_astro/shared.js');
      expect(page.imported).toEqual(started);
    });

    it('waits for the lead image’s paint, not its load, then one frame, and starts once', async () => {
      const page = run({ lead: { complete: true } });
      page.fire('DOMContentLoaded');
      page.fireLead('load');
      page.fire('load');
      await page.frame();
      page.painted('largest-contentful-paint', { other: true });
      await page.frame();
      expect(page.imported).toEqual([]);
      page.painted('element');
      expect(page.imported).toEqual([]);
      await page.frame();
      expect(page.imported).toEqual(started);
      expect(page.observers.every((o) => o.off)).toBe(true);
      page.fire('pointerdown');
      page.wait(60_000);
      await page.frame();
      expect(page.imported).toEqual(started);
    });

    it('starts a few preloads per task, so that a page with many modules gets no long task', async () => {
      const many = new Map([['Big.js', Array.from({ length: 10 }, (_, i) => `chunk${i}.js`)]]);
      const page = run({ lead: null }, ['Big.js'], many);
      page.fire('DOMContentLoaded');
      page.painted('largest-contentful-paint', { any: true });
      await page.firstTask();
      expect(page.preloaded).toHaveLength(2);
      await page.frame();
      expect(page.preloaded).toHaveLength(11);
      expect(page.imported).toEqual(['/_astro/Big.js']);
    });

    it('takes a largest-contentful-paint entry for the image where Element Timing is not reported', async () => {
      const page = run({ reports: ['largest-contentful-paint'] });
      page.fire('DOMContentLoaded');
      expect(page.observers[0]?.types).toEqual(['largest-contentful-paint']);
      page.painted('largest-contentful-paint');
      await page.frame();
      expect(page.imported).toEqual(started);
    });

    it('uses the image’s load event in a browser that reports no paints', async () => {
      const waiting = run({ reports: [] });
      waiting.fire('DOMContentLoaded');
      await waiting.frame();
      expect(waiting.imported).toEqual([]);
      waiting.fireLead('load');
      await waiting.frame();
      expect(waiting.imported).toEqual(started);
      const arrived = run({ reports: [], lead: { complete: true } });
      arrived.fire('DOMContentLoaded');
      await arrived.frame();
      expect(arrived.imported).toEqual(started);
    });

    it('starts at the shopper’s first touch or key, a failed image, or after the longest wait', async () => {
      for (const start of ['pointerdown', 'keydown', 'touchstart', 'error', 'timeout'] as const) {
        const page = run({});
        page.fire('DOMContentLoaded');
        page.wait(LEAD_IMAGE_WAIT_MS - 1);
        await page.frame();
        expect(page.imported, start).toEqual([]);
        if (start === 'error') page.fireLead('error');
        else if (start === 'timeout') page.wait(LEAD_IMAGE_WAIT_MS);
        else page.fire(start);
        await page.frame();
        expect(page.imported, start).toEqual(started);
      }
    });
  });
});
