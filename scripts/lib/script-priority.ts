/**
 * Page scripts started after the first paint, their whole import graph fetched at once.
 *
 * Module scripts and the chunks they import are fetched at high priority while the page is still
 * loading, the chunks only once their importer has arrived: on a slow connection they take
 * bandwidth and main-thread time from the first paint, one round trip after another (Lighthouse
 * counts every such script as holding back the largest paint). Every script here only adds
 * behaviour to markup that is already complete, so each page gets one small inline loader instead:
 * after the first frame it preloads every entry and every chunk they import statically (in
 * parallel, at low priority), then runs the entries in document order. Dynamic imports stay lazy.
 * A page whose largest paint is an image waits for that image's paint as well: a script fetched and
 * run before it would be counted in front of it.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const ASTRO_DIR = '_astro';
/** `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; never `import("./x.js")`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'`();]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g;
const ENTRY = /<script type="module" src="\/_astro\/([\w.-]+\.js)"><\/script>/g;

/** The static imports of every built module: file name → the file names it imports. */
export async function readImportGraph(clientDir: string): Promise<Map<string, string[]>> {
  const dir = join(clientDir, ASTRO_DIR);
  const graph = new Map<string, string[]>();
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.js'));
  } catch {
    return graph;
  }
  await Promise.all(
    names.map(async (name) => {
      const code = await readFile(join(dir, name), 'utf8');
      graph.set(name, [...new Set([...code.matchAll(STATIC_IMPORT)].map((m) => m[1] ?? ''))].filter(Boolean));
    }),
  );
  return graph;
}

/** Every module `entries` load statically, in breadth-first order, entries excluded. */
function dependencies(entries: string[], graph: Map<string, string[]>): string[] {
  const seen = new Set(entries);
  const order: string[] = [];
  const queue = [...entries];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const dep of graph.get(next) ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      order.push(dep);
      queue.push(dep);
    }
  }
  return order;
}

/**
 * Preloads started in one task: starting a fetch costs a slow phone a few milliseconds of main
 * thread, and a dozen in one task made a long task of it (blocking time); at CPU x4 each one took
 * 5-18 ms and four made a task of 50-120 ms on the product page (issue 33).
 */
const PRELOADS_PER_TASK = 2;

/** The longest the scripts wait for the lead image to be painted (ms after the document is parsed). */
export const LEAD_IMAGE_WAIT_MS = 3000;

/**
 * Starts the page's scripts once the first frame is painted and, on a page with a lead image
 * (`fetchpriority="high"`: a product's photo, an article's cover, the first card of a listing), once
 * that image has been painted. The browser reports the paint (Element Timing for an image marked
 * `elementtiming`, or a largest-contentful-paint entry for it); a large image can reach the screen
 * frames after it has loaded, so its load event is used only where neither is reported. Without a
 * lead image (the cart steps, the member pages) the first paint the browser reports (largest or
 * first contentful paint) starts them: the next animation frame can come before the frame is on
 * screen, and the scripts' requests then counted against the page's largest paint; a browser that
 * reports no paints waits that one frame. A shopper's
 * first touch or key, a failed image, or LEAD_IMAGE_WAIT_MS start them at once. Every entry and every
 * chunk they import statically is then preloaded (fetched in parallel, at low priority), and the
 * entries run in document order, as module scripts would.
 */
const loader = (urls: string[], modules: string[]) =>
  '<script>addEventListener("DOMContentLoaded",()=>{let s=0;const go=()=>{if(s++)return;' +
  'requestAnimationFrame(()=>setTimeout(async()=>{let n=0;' +
  `for(const u of ${JSON.stringify(modules)}){const l=document.createElement("link");` +
  'l.rel="modulepreload";l.href=u;l.fetchPriority="low";document.head.append(l);' +
  `if(++n%${PRELOADS_PER_TASK}===0)await new Promise(r=>setTimeout(r))}` +
  `for(const u of ${JSON.stringify(urls)})await import(u)}))};` +
  'const i=document.querySelector("img[fetchpriority=high]");' +
  'const k=(i?["element","largest-contentful-paint"]:["largest-contentful-paint","paint"])' +
  '.filter(t=>PerformanceObserver.supportedEntryTypes?.includes(t));' +
  'if(k.length){const o=new PerformanceObserver(l=>{if(!i||l.getEntries().some(e=>e.element===i)){o.disconnect();go()}});' +
  'for(const type of k)o.observe({type,buffered:true})}else if(!i||i.complete)return go();else i.addEventListener("load",go);' +
  'i?.addEventListener("error",go);' +
  'for(const e of["pointerdown","keydown","touchstart"])addEventListener(e,go,{once:true,passive:true});' +
  `setTimeout(go,${LEAD_IMAGE_WAIT_MS})},{once:true})</script>`;

/** The page with its module scripts started after the first paint (see the top of this file). */
export function deferPageScripts(html: string, graph: Map<string, string[]>): string {
  const entries = [...html.matchAll(ENTRY)].map((m) => m[1] ?? '');
  if (!entries.length) return html;
  const url = (name: string) => `/${ASTRO_DIR}/${name}`;
  const modules = [...entries, ...dependencies(entries, graph)].map(url);
  let first = true;
  return html.replace(ENTRY, () => {
    if (!first) return '';
    first = false;
    return loader(entries.map(url), modules);
  });
}
