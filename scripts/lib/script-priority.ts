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
 * Starts the page's scripts once the first frame is painted: every entry and every chunk they import
 * statically is preloaded then (fetched in parallel, at low priority), and the entries run in
 * document order, as module scripts would.
 */
const loader = (urls: string[], modules: string[]) =>
  '<script>addEventListener("DOMContentLoaded",()=>requestAnimationFrame(()=>setTimeout(async()=>{' +
  `for(const u of ${JSON.stringify(modules)}){const l=document.createElement("link");` +
  'l.rel="modulepreload";l.href=u;l.fetchPriority="low";document.head.append(l)}' +
  `for(const u of ${JSON.stringify(urls)})await import(u)})),{once:true})</script>`;

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
