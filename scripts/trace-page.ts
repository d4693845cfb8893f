/**
 * `npm run trace -- <path> [guest|member|visitor]`: which tasks block the main thread while a page
 * loads, and whose code they run. Loads the page once in the system Chromium with its CPU slowed
 * four times (as Lighthouse's mobile run simulates it), as the bench's shopper would see it (a guest
 * cart, the demo member's session and order, or a visitor), with a Chrome trace and its CPU profile,
 * and prints every task of 50 ms or more: when it started, what it spent its time on (layout, module
 * evaluation, microtasks...), which script files and functions its CPU samples were in (a native
 * call with the script function that made it), its layouts (how many, of how many objects, and
 * which were forced by a script reading layout, with the reading function) and its style
 * recalculations (how many elements). `{no}` in the path is
 * the member's order. The site must be served already (ORIGIN, default http://127.0.0.1:4321, e.g.
 * `npm start`). TRACE_OUT=<file> keeps the trace, to open in the browser's performance panel.
 * TRACE_EVENTS=<n> also records the `blink`, `v8`, `loading` and `fonts` categories and prints the
 * whole load's main-thread time by cause (SVG images, fonts, text shaping, script, layout, style,
 * paint, parsing...) and the <n> trace events with the most self and total time
 * (scripts/lib/trace-composition.ts): what the native work Lighthouse calls "other" is. The page is asked for in its path's language
 * (`/en/...` in English, any other in Traditional Chinese), as the bench asks for it.
 *
 * The bench says how long the page blocks; this says which task to look at. Figures swing from run
 * to run on a busy machine: run it a few times.
 */
import { writeFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from './ensure-browser.ts';
import { becomeShopper, becomeVisitor, prepareShoppers, type Shopper } from './lib/bench-shopper.ts';
import { COMPOSITION_CATEGORIES, printComposition } from './lib/trace-composition.ts';

const ORIGIN = process.env.ORIGIN ?? 'http://127.0.0.1:4321';
const [path = '/', who = 'visitor'] = process.argv.slice(2);
if (!['guest', 'member', 'visitor'].includes(who)) throw new Error(`who: guest, member or visitor, not ${who}`);
/** Lighthouse's mobile CPU slowdown. */
const CPU_SLOWDOWN = 4;
/** A task at least this long blocks input (the long-task threshold behind TBT). */
const LONG_TASK_MS = 50;
/** How many of the events with the most self time to print (TRACE_EVENTS), 0 for none. */
const TOP_EVENTS = Number(process.env.TRACE_EVENTS ?? 0);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { url: string; functionName: string; lineNumber?: number; columnNumber?: number };
}
/** One CPU sample: when, its script file, and the function it was in (with the nearest script caller of a native one). */
interface Sample {
  ts: number;
  file: string;
  fn: string;
}

const executablePath = chromiumPath();
if (!executablePath) throw new Error('no Chromium found: `node scripts/ensure-browser.ts` installs it');
const browser = await puppeteer.launch({
  executablePath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const shoppers = await prepareShoppers(browser, ORIGIN);
  const url = `${ORIGIN}${path.replace('{no}', shoppers.orderNo)}`;
  if (who === 'visitor') await becomeVisitor(browser, ORIGIN);
  else await becomeShopper(browser, url, who as Shopper, shoppers);
  const page = await browser.newPage();
  // As the bench asks for each locale: `/` would redirect a browser asking for English to /en/.
  await page.setExtraHTTPHeaders({
    'Accept-Language': /^\/en(\/|$)/.test(path) ? 'en-US,en;q=0.9' : 'zh-TW,zh;q=0.9',
  });
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.tracing.start({
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.stack',
      'disabled-by-default-v8.cpu_profiler',
      ...(TOP_EVENTS ? COMPOSITION_CATEGORIES : []),
    ],
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await new Promise((done) => setTimeout(done, 1000));
  const raw = await page.tracing.stop();
  if (!raw) throw new Error('no trace');
  if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, raw);
  report(JSON.parse(Buffer.from(raw).toString('utf8')).traceEvents as TraceEvent[]);
} finally {
  await browser.close();
}

function report(events: TraceEvent[]): void {
  // The page's main thread: the renderer thread with the most events.
  const threadNames = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (threadNames.get(key) === 'CrRendererMain') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const timed = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined);
  if (!timed.length) throw new Error('no main-thread events in the trace');
  const t0 = Math.min(...timed.map((e) => e.ts));
  const samples = cpuSamples(events);
  const isTask = (e: TraceEvent) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
  const long = timed.filter((e) => isTask(e) && (e.dur ?? 0) >= LONG_TASK_MS * 1000).sort((a, b) => a.ts - b.ts);
  const ms = (us: number) => `${Math.round(us / 100) / 10} ms`;
  console.log(`${path} as ${who}, CPU ×${CPU_SLOWDOWN}: ${long.length} task(s) of ${LONG_TASK_MS} ms or more`);
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    const inside = new Map<string, number>();
    for (const e of timed) {
      if (e === task || isTask(e) || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
      inside.set(e.name, (inside.get(e.name) ?? 0) + (e.dur ?? 0));
    }
    const files = new Map<string, number>();
    let total = 0;
    for (const s of samples) {
      if (s.ts < task.ts || s.ts >= end) continue;
      files.set(s.file, (files.get(s.file) ?? 0) + 1);
      total++;
    }
    const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 5);
    const where = [...files].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(`\nat ${ms(task.ts - t0)}: ${ms(task.dur ?? 0)}`);
    console.log(`  spent on: ${top.map(([name, us]) => `${name} ${ms(us)}`).join(', ') || '(nothing traced)'}`);
    if (total)
      console.log(`  CPU samples: ${where.map(([file, n]) => `${file} ${Math.round((100 * n) / total)}%`).join(', ')}`);
    const fns = new Map<string, number>();
    for (const s of samples) if (s.ts >= task.ts && s.ts < end && s.fn) fns.set(s.fn, (fns.get(s.fn) ?? 0) + 1);
    const hot = [...fns].sort((a, b) => b[1] - a[1]).slice(0, 6);
    if (hot.length)
      console.log(`  functions: ${hot.map(([fn, n]) => `${fn} ${Math.round((100 * n) / total)}%`).join(', ')}`);
    const within = timed.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const layouts = within.filter((e) => e.name === 'Layout');
    if (layouts.length) {
      const data = (e: TraceEvent) => (e.args as { beginData?: Record<string, unknown> } | undefined)?.beginData ?? {};
      const objects = layouts.map((e) => Number(data(e).totalObjects ?? 0));
      // A layout with a script stack was forced by a script reading layout (a read after a write).
      const forced = layouts.filter((e) => Array.isArray(data(e).stackTrace) && (data(e).stackTrace as []).length);
      const by = forced
        .map((e) => (data(e).stackTrace as { functionName?: string; url?: string; lineNumber?: number }[])[0])
        .map((f) => `${f?.functionName || '(anonymous)'} ${(f?.url ?? '').split('/').pop()}:${f?.lineNumber ?? 0}`);
      console.log(
        `  layouts: ${layouts.length} (${ms(layouts.reduce((t, e) => t + (e.dur ?? 0), 0))}, up to ${Math.max(...objects)} objects)` +
          (forced.length ? `, ${forced.length} forced by script: ${[...new Set(by)].slice(0, 3).join('; ')}` : ''),
      );
    }
    const styles = within.filter((e) => e.name === 'UpdateLayoutTree');
    if (styles.length) {
      const count = styles.reduce((t, e) => t + Number((e.args as { elementCount?: number })?.elementCount ?? 0), 0);
      console.log(`  style recalculations: ${styles.length} (${count} elements)`);
    }
  }
  if (TOP_EVENTS)
    printComposition(
      events.filter((e) => `${e.pid}:${e.tid}` === main),
      TOP_EVENTS,
      CPU_SLOWDOWN,
    );
}

/** The CPU profile's samples, each with its time (trace clock) and the script file it was in. */
function cpuSamples(events: TraceEvent[]): Sample[] {
  const nodes = new Map<number, ProfileNode>();
  const out: Sample[] = [];
  const fileOf = (url: string) => url.split('/').pop() ?? url;
  const label = (f: ProfileNode['callFrame']) =>
    `${f.functionName || '(anonymous)'} ${fileOf(f.url)}:${(f.lineNumber ?? 0) + 1}:${(f.columnNumber ?? 0) + 1}`;
  /** The sampled function; a native one (no script) with the nearest script function that called it. */
  const fnOf = (id: number): string => {
    const leaf = nodes.get(id);
    if (!leaf) return '';
    if (leaf.callFrame.url) return label(leaf.callFrame);
    if (/^\((program|idle|garbage collector|root)\)$/.test(leaf.callFrame.functionName)) return '';
    for (
      let n = leaf.parent === undefined ? undefined : nodes.get(leaf.parent);
      n;
      n = n.parent === undefined ? undefined : nodes.get(n.parent)
    )
      if (n.callFrame.url) return `${leaf.callFrame.functionName} ← ${label(n.callFrame)}`;
    return leaf.callFrame.functionName;
  };
  let clock = 0;
  for (const e of events) {
    const data = e.args?.data as
      | { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    if (e.name === 'Profile' && data?.startTime !== undefined) clock = data.startTime;
    if (e.name !== 'ProfileChunk' || !data) continue;
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    ids.forEach((id, i) => {
      clock += deltas[i] ?? 0;
      const frame = nodes.get(id)?.callFrame;
      const file = frame?.url ? fileOf(frame.url) : `(${frame?.functionName || 'native'})`;
      out.push({ ts: clock, file, fn: fnOf(id) });
    });
  }
  return out;
}
