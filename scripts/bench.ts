/**
 * `npm run bench`: builds the site from scratch, serves it with the real server, and runs Lighthouse
 * (mobile, simulated throttling, system Chromium) on the home, brand, category, product and article
 * pages and on the purchase pages (cart, checkout as a guest and as a member, payment, result, the
 * member's orders, one order and the profile) of both locales. The purchase pages are measured as a
 * shopper sees them: the browser holds a guest cart of two lines, or a member session with a cart
 * and an order (scripts/lib/bench-shopper.ts); every other page as a visitor with neither. Prints
 * the median of BENCH_RUNS runs per page (default 5) next to the budgets of performance.md, plus
 * build time and pages per second, and writes the raw figures (with each run's largest paint and moved elements) to
 * bench-results/pages.json. Port: BENCH_PORT (default 4620). BENCH_PAGES (a regular expression)
 * measures only the pages whose name matches, e.g. `BENCH_PAGES='cart|checkout'`; BENCH_KEEP_LHR=<dir>
 * keeps each run's whole Lighthouse report.
 *
 * Two reference pages (scripts/bench-reference/: a blank page, and a Chinese text page in the shop's
 * font stack) are served by the same server in the same run and measured first; each page's
 * main-thread work (Lighthouse's breakdown: "other", script, style and layout) is printed beside the
 * Chinese page's, as a ratio and a difference: figures that hold on a slower or busier machine.
 * Each run of a catalog page (home, brand, category, product, article) is paired with a run of the
 * Chinese page just before it, so that both meet the same minute's load: the last table gives the
 * median of the pairs' ratios and differences, with the Chinese page's median beside each page's.
 * BENCH_BUILD=0 measures the live build of DIST_DIR as it is (no build first).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { readEnv } from '../src/server/env.ts';
import { chromiumPath } from './ensure-browser.ts';
import { becomeShopper, becomeVisitor, prepareShoppers, type Shopper, type ShopperState } from './lib/bench-shopper.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4620);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const KB = 1024;
/** Lighthouse runs that may fail (unreadable trace) per page before the bench gives up. */
const MAX_FAILED_RUNS = 3;

/** performance.md budgets. */
const BUDGET = { score: 100, lcpMs: 1000, tbtMs: 30, cls: 0.01, jsKb: 20, productJsKb: 70, htmlKb: 14 };
/** The purchase pages' budgets (issue 21): everything else as above. */
const PURCHASE = { score: 95, tbtMs: 50, jsKb: 80 };
const ONLY = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : null;
/** BENCH_KEEP_LHR=<dir>: every run's whole Lighthouse report is written there (long tasks, traces of blame). */
const KEEP_LHR = process.env.BENCH_KEEP_LHR;
/** BENCH_BUILD=0: the live build is measured as it is. */
const BUILD = process.env.BENCH_BUILD !== '0';
/** The catalog pages, each run of which is paired with a run of the Chinese reference page (issue 43). */
const PAIRED = /^(home|brand|category|product|article) /;

interface Target {
  name: string;
  path: string;
  js: number;
  language: string;
  /** Each run follows one of the Chinese reference page. */
  paired?: boolean;
  /** A purchase page, and who is looking at it. */
  shopper?: Shopper;
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  htmlKb: number;
  /** Main-thread work (ms, Lighthouse's CPU-throttled figure) and the part of it in each group. */
  mainMs: number;
  otherMs: number;
  scriptMs: number;
  styleLayoutMs: number;
}

/** What a run saw besides its figures: the largest paint's element and the elements that moved. */
interface Seen {
  lcpElement: string;
  shifted: string[];
  /** The scripts the page loaded, largest first: file name and KB transferred. */
  scripts: [string, number][];
}

function build(): { seconds: number; summary: string } {
  if (!BUILD) return { seconds: 0, summary: `the live build of ${readEnv().DIST_DIR} (BENCH_BUILD=0)` };
  const started = performance.now();
  const r = spawnSync(process.execPath, ['scripts/build.ts'], { encoding: 'utf8', env: process.env });
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    throw new Error('The build failed.');
  }
  const summary = r.stdout.trim().split('\n').at(-1) ?? '';
  return { seconds: (performance.now() - started) / 1000, summary };
}

async function serve(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['scripts/serve.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', ALLOW_SIMULATORS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`The server exited (${code}).`)));
  });
  return server;
}

async function api<T>(path: string): Promise<T> {
  const body = (await (await fetch(`${ORIGIN}${path}`)).json()) as { result: T };
  return body.result;
}

/** One page of each measured type, in both locales. */
async function targets(s: ShopperState): Promise<Target[]> {
  const products = await api<{ data: { slug: string; brand: { slug: string }; category: { slug: string } }[] }>(
    '/api/products?page=1&page_size=1&sort=newest',
  );
  const articles = await api<{ data: { slug: string }[] }>('/api/articles?page=1&page_size=1');
  const p = products.data[0];
  const a = articles.data[0];
  if (!p || !a) throw new Error('The catalog is empty.');
  const pages: Omit<Target, 'language'>[] = [
    { name: 'home', path: '/', js: BUDGET.jsKb },
    { name: 'brand', path: `/brands/${p.brand.slug}`, js: BUDGET.jsKb },
    { name: 'category', path: `/categories/${p.category.slug}`, js: BUDGET.jsKb },
    { name: 'product', path: `/brands/${p.brand.slug}/${p.slug}`, js: BUDGET.productJsKb },
    { name: 'article', path: `/articles/${a.slug}`, js: BUDGET.jsKb },
    { name: 'cart', path: '/cart', js: PURCHASE.jsKb, shopper: 'guest' },
    { name: 'checkout guest', path: '/cart/checkout', js: PURCHASE.jsKb, shopper: 'guest' },
    { name: 'checkout member', path: '/cart/checkout', js: PURCHASE.jsKb, shopper: 'member' },
    { name: 'payment', path: `/cart/payment?no=${s.orderNo}`, js: PURCHASE.jsKb, shopper: 'member' },
    { name: 'result', path: `/cart/result?no=${s.orderNo}`, js: PURCHASE.jsKb, shopper: 'member' },
    { name: 'orders', path: '/member/orders', js: PURCHASE.jsKb, shopper: 'member' },
    { name: 'order', path: `/member/orders/${s.orderNo}`, js: PURCHASE.jsKb, shopper: 'member' },
    { name: 'profile', path: '/member/profile', js: PURCHASE.jsKb, shopper: 'member' },
  ];
  // Each locale as its own readers ask for it: `/` redirects an English-speaking browser to /en/.
  const all = [
    ...pages.map((t) => ({ ...t, name: `${t.name} zh-TW`, language: 'zh-TW,zh;q=0.9' })),
    ...pages.map((t) => ({
      ...t,
      name: `${t.name} en`,
      path: t.path === '/' ? '/en/' : `/en${t.path}`,
      language: 'en-US,en;q=0.9',
    })),
  ].map((t) => ({ ...t, paired: PAIRED.test(t.name) }));
  const references = REFERENCES.map((r) => ({
    name: r.name,
    path: `/${REFERENCE_DIR}/${r.file}`,
    js: BUDGET.jsKb,
    language: 'zh-TW,zh;q=0.9',
  }));
  return [...references, ...all.filter((t) => !ONLY || ONLY.test(t.name))];
}

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: {
        items?: {
          group?: string;
          duration?: number;
          url?: string;
          resourceType?: string;
          transferSize?: number;
          node?: { selector?: string; snippet?: string };
        }[];
      };
    }
  >;
};

/** The elements (their markup's start) an audit's details name, in order. */
function nodes(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  const v = value as { type?: string; snippet?: string };
  if (v.type === 'node') return [v.snippet ?? ''];
  return Object.values(value).flatMap(nodes);
}

function seen(lhr: Lhr): Seen {
  return {
    lcpElement: nodes(lhr.audits['lcp-breakdown-insight']?.details)[0] ?? '',
    shifted: nodes(lhr.audits['layout-shifts']?.details),
    scripts: (lhr.audits['network-requests']?.details?.items ?? [])
      .filter((i) => i.resourceType === 'Script')
      .map((i): [string, number] => [
        (i.url ?? '').split('/').at(-1) ?? '',
        Math.round((i.transferSize ?? 0) / 102.4) / 10,
      ])
      .sort((a, b) => b[1] - a[1]),
  };
}

function figures(lhr: Lhr): Figures {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = (type: string) =>
    items.filter((i) => i.resourceType === type).reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / KB;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const work = lhr.audits['mainthread-work-breakdown'];
  const spent = (...groups: string[]) =>
    (work?.details?.items ?? [])
      .filter((i) => groups.includes(i.group ?? ''))
      .reduce((n, i) => n + (i.duration ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    jsKb: bytes('Script'),
    htmlKb: bytes('Document'),
    mainMs: work?.numericValue ?? Number.NaN,
    otherMs: spent('other'),
    scriptMs: spent('scriptEvaluation', 'scriptParseCompile'),
    styleLayoutMs: spent('styleLayout'),
  };
}

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

function medianFigures(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0] ?? {}) as (keyof Figures)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Figures;
}

const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');

/** The reference pages, served from the release as /bench-reference/<file> for this run. */
const REFERENCE_DIR = 'bench-reference';
const REFERENCES = [
  { name: 'reference blank', file: 'blank-reference.html' },
  { name: 'reference Chinese', file: 'cjk-reference.html' },
] as const;

/** Puts the reference pages in the live release the server serves (DIST_DIR/client). */
function placeReferences(): void {
  const into = resolve(readEnv().DIST_DIR, 'client', REFERENCE_DIR);
  mkdirSync(into, { recursive: true });
  for (const r of REFERENCES) copyFileSync(join('scripts', REFERENCE_DIR, r.file), join(into, r.file));
}

const executable = chromiumPath();
if (!executable) throw new Error('No Chromium: run `node scripts/ensure-browser.ts`.');
// Without a Traditional Chinese font the zh-TW pages paint their text as empty boxes, one line where a
// reader's phone wraps to two or three, and an image becomes the largest paint: those figures would
// describe no reader's screen.
const cjk = spawnSync('fc-list', [':lang=zh-tw', 'family'], { encoding: 'utf8' });
if (cjk.error || !cjk.stdout.trim()) {
  throw new Error(
    'No Traditional Chinese font on this machine (`fc-list :lang=zh-tw` is empty): install one ' +
      '(Debian: `apt-get install -y fonts-noto-cjk`) so that the zh-TW pages are measured as readers see them.',
  );
}

console.log('Building...');
const built = build();
console.log(built.summary);
placeReferences();
const server = await serve();
const chrome = await chromeLauncher.launch({
  chromePath: executable,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
// One throw-away run: the first trace of a fresh browser is often unreadable.
await lighthouse(`${ORIGIN}/`, {
  port: chrome.port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
});
/** A catalog page's runs beside the Chinese reference page's run just before each. */
interface Pairs {
  reference: Figures[];
  /** Median of the pairs' main-thread work ratios (page ÷ Chinese page), and of each group's. */
  mainRatio: number;
  otherRatio: number;
  styleLayoutRatio: number;
  /** Median of the pairs' differences (page − Chinese page), ms. */
  scriptDiffMs: number;
  tbtDiffMs: number;
  /** The Chinese page's median over the runs paired with this page's. */
  referenceMedian: Figures;
}

const results: {
  name: string;
  path: string;
  runs: Figures[];
  seen: Seen[];
  median: Figures;
  budget: { score: number; tbtMs: number; jsKb: number };
  pairs?: Pairs;
}[] = [];

/** The pairs' figures: each run's ratio or difference to the reference run before it, then their medians. */
function pairsOf(runs: Figures[], reference: Figures[]): Pairs {
  const each = (f: (page: Figures, ref: Figures) => number) =>
    median(runs.map((r, i) => f(r, reference[i] as Figures)));
  return {
    reference,
    mainRatio: each((p, r) => p.mainMs / r.mainMs),
    otherRatio: each((p, r) => p.otherMs / r.otherMs),
    styleLayoutRatio: each((p, r) => p.styleLayoutMs / r.styleLayoutMs),
    scriptDiffMs: each((p, r) => p.scriptMs - r.scriptMs),
    tbtDiffMs: each((p, r) => p.tbtMs - r.tbtMs),
    referenceMedian: medianFigures(reference),
  };
}

/** One Lighthouse run of a page; undefined when Lighthouse could not read its trace (it is run again). */
async function measure(path: string, language: string): Promise<Lhr | undefined> {
  const result = await lighthouse(`${ORIGIN}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    extraHeaders: { 'Accept-Language': language },
  });
  const lhr = result?.lhr as unknown as (Lhr & { runtimeError?: { code: string } }) | undefined;
  if (!lhr || lhr.runtimeError || lhr.categories.performance?.score === null) {
    console.log(`  (a run of ${path} failed: ${lhr?.runtimeError?.code ?? 'no performance score'}; it is run again)`);
    return undefined;
  }
  return lhr;
}

const chineseReference = REFERENCES[1];
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
try {
  const shoppers = await prepareShoppers(browser, ORIGIN);
  for (const t of await targets(shoppers)) {
    const budget = t.shopper
      ? { score: PURCHASE.score, tbtMs: PURCHASE.tbtMs, jsKb: t.js }
      : { score: BUDGET.score, tbtMs: BUDGET.tbtMs, jsKb: t.js };
    if (t.shopper) await becomeShopper(browser, `${ORIGIN}${t.path}`, t.shopper, shoppers);
    else await becomeVisitor(browser, ORIGIN);
    const runs: Figures[] = [];
    const reference: Figures[] = [];
    const looks: Seen[] = [];
    for (let attempt = 0; runs.length < RUNS; attempt++) {
      // A paired attempt is two runs, either of which may fail.
      if (attempt >= RUNS + MAX_FAILED_RUNS * (t.paired ? 2 : 1))
        throw new Error(`Lighthouse keeps failing on ${t.path}`);
      // The Chinese page's run of this pair, right before the page's.
      const before = t.paired
        ? await measure(`/${REFERENCE_DIR}/${chineseReference.file}`, 'zh-TW,zh;q=0.9')
        : undefined;
      if (t.paired && !before) continue;
      const lhr = await measure(t.path, t.language);
      // A run whose trace Lighthouse could not read has no metrics: it is run again, not counted.
      if (!lhr) continue;
      runs.push(figures(lhr));
      if (before) reference.push(figures(before));
      if (KEEP_LHR) {
        mkdirSync(KEEP_LHR, { recursive: true });
        writeFileSync(`${KEEP_LHR}/${t.name.replace(/\W+/g, '-')}-${runs.length}.json`, JSON.stringify(lhr));
      }
      looks.push(seen(lhr));
    }
    const m = medianFigures(runs);
    const pairs = t.paired ? pairsOf(runs, reference) : undefined;
    results.push({ name: t.name, path: t.path, runs, seen: looks, median: m, budget, pairs });
    console.log(
      `${t.name.padEnd(22)} perf ${m.performance} ${mark(m.performance >= budget.score)} a11y ${m.accessibility} bp ${m.bestPractices} seo ${m.seo} | ` +
        `LCP ${(m.lcpMs / 1000).toFixed(2)} s ${mark(m.lcpMs <= BUDGET.lcpMs)} | TBT ${m.tbtMs.toFixed(0)} ms ${mark(m.tbtMs <= budget.tbtMs)} | ` +
        `CLS ${m.cls.toFixed(4)} ${mark(m.cls <= BUDGET.cls)} | JS ${m.jsKb.toFixed(1)} KB ${mark(m.jsKb <= t.js)} | ` +
        `HTML ${m.htmlKb.toFixed(1)} KB ${mark(m.htmlKb <= BUDGET.htmlKb)} | ` +
        `main ${m.mainMs.toFixed(0)} ms (other ${m.otherMs.toFixed(0)}, script ${m.scriptMs.toFixed(0)}, style+layout ${m.styleLayoutMs.toFixed(0)})`,
    );
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  server.kill('SIGTERM');
}

console.log(
  `\nBudgets: scores ${BUDGET.score}, LCP ≤ ${BUDGET.lcpMs / 1000} s, TBT ≤ ${BUDGET.tbtMs} ms, CLS ≤ ${BUDGET.cls}, ` +
    `JS ≤ ${BUDGET.jsKb} KB (product ≤ ${BUDGET.productJsKb} KB), HTML ≤ ${BUDGET.htmlKb} KB; ` +
    `purchase pages: perf ≥ ${PURCHASE.score}, TBT ≤ ${PURCHASE.tbtMs} ms, JS ≤ ${PURCHASE.jsKb} KB; median of ${RUNS} runs.`,
);
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(0)}`;
const chinese = results.find((r) => r.name === 'reference Chinese')?.median;
if (chinese) {
  console.log('\nAgainst the Chinese reference page (same server, same run; issue 43: main ≤ 2×, TBT ≤ +30 ms):');
  for (const r of results) {
    const m = r.median;
    const p = r.pairs;
    // A catalog page: the medians of its pairs (each run against the Chinese page's run just before it).
    const line = p
      ? `main ${m.mainMs.toFixed(0)} ms vs ${p.referenceMedian.mainMs.toFixed(0)} ms: ${p.mainRatio.toFixed(2)}× ${mark(p.mainRatio <= 2)} ` +
        `(other ${p.otherRatio.toFixed(2)}×, style+layout ${p.styleLayoutRatio.toFixed(2)}×, script ${signed(p.scriptDiffMs)} ms) | ` +
        `TBT ${m.tbtMs.toFixed(0)} vs ${p.referenceMedian.tbtMs.toFixed(0)} ms: ${signed(p.tbtDiffMs)} ms ${mark(p.tbtDiffMs <= 30)} | ` +
        `LCP ${(m.lcpMs / 1000).toFixed(2)} vs ${(p.referenceMedian.lcpMs / 1000).toFixed(2)} s; pairs`
      : `main ${(m.mainMs / chinese.mainMs).toFixed(2)}× ` +
        `(other ${(m.otherMs / chinese.otherMs).toFixed(2)}×, style+layout ${(m.styleLayoutMs / chinese.styleLayoutMs).toFixed(2)}×, ` +
        `script ${signed(m.scriptMs - chinese.scriptMs)} ms) | TBT ${signed(m.tbtMs - chinese.tbtMs)} ms; against the first run`;
    console.log(`${r.name.padEnd(22)} ${line}`);
  }
}
console.log(`Build: ${built.seconds.toFixed(1)} s wall clock. ${built.summary}`);
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/pages.json',
  JSON.stringify({ build: built, budget: { ...BUDGET, purchase: PURCHASE }, results }, null, 2),
);
