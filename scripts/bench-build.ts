/**
 * `npm run bench:build`: builds the storefront from the synthetic catalogue (scripts/synthetic-
 * catalog.ts, made on first use in its own database file) into its own output folder, and prints
 * the pages, the wall-clock time, pages per second and the build's peak memory beside the budgets
 * of performance.md, with the build's own breakdown (prerendering, compression). Bounded, no
 * assertions. BENCH_PRODUCTS (default 10000); BENCH_KEEP=1 keeps the output.
 *
 * A build made within minutes of deleting a large one is measured slow on an ext4 file system
 * without a journal: it does not reuse an inode freed in the last 1 to 6 minutes, and it finds that
 * out inode by inode, so creating each of the build's 125,000 files scans the tens of thousands
 * just freed (kernel time in `recently_deleted`). Repeated runs waited for it: the same build took
 * 161 s, then 191 s and 211 s right after. The bench therefore starts at least QUIET_MS after its
 * previous run deleted its output, and says so; BENCH_NO_WAIT=1 starts at once.
 */
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeSyntheticCatalog, SYNTHETIC_FILE, SYNTHETIC_PRODUCTS } from './synthetic-catalog.ts';

const BUDGET = { seconds: 180, memoryMb: 2048 };
const OUT = resolve('dist/bench-build');
/** When this bench last deleted its output (ms since the epoch), to keep the next run from its wake. */
const CLEANED = resolve('dist/bench-build.cleaned');
const QUIET_MS = 6 * 60_000;
const products = Number(process.env.BENCH_PRODUCTS ?? SYNTHETIC_PRODUCTS);
const file = resolve(products === SYNTHETIC_PRODUCTS ? SYNTHETIC_FILE : `data/synthetic-${products}.sqlite`);

console.log(`Catalogue: ${file}`);
const count = await makeSyntheticCatalog(file, products);
console.log(`${count} products, pages in both languages. Building into ${OUT} ...`);

await rm(OUT, { recursive: true, force: true });
const cleaned = Number(await readFile(CLEANED, 'utf8').catch(() => '0'));
const quietLeft = cleaned + QUIET_MS - Date.now();
if (quietLeft > 0 && process.env.BENCH_NO_WAIT !== '1') {
  console.log(
    `The previous run deleted its output ${((Date.now() - cleaned) / 1000).toFixed(0)} s ago; waiting ` +
      `${(quietLeft / 1000).toFixed(0)} s so that the file system reuses its inodes again (see the top of this file).`,
  );
  await sleep(quietLeft);
}
const started = performance.now();
let output = '';
const code = await new Promise<number | null>((done) => {
  const child = spawn(process.execPath, ['scripts/build.ts'], {
    env: { ...process.env, SQLITE_PATH: file, DIST_DIR: OUT, DATABASE_URL: '', API_BASE: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.on('exit', done);
});
const seconds = (performance.now() - started) / 1000;
if (code !== 0) {
  process.stdout.write(output);
  throw new Error(`The build failed (exit ${code}).`);
}
const summary = output.trim().split('\n').at(-1) ?? '';
const pages = Number(/Built (\d+) pages/.exec(summary)?.[1] ?? Number.NaN);
const memoryMb = Number(/peak memory (\d+) MB/.exec(summary)?.[1] ?? Number.NaN);
const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');
console.log(
  `\n${pages} pages in ${seconds.toFixed(1)} s wall clock (${(pages / seconds).toFixed(0)} pages/s) ` +
    `${mark(seconds <= BUDGET.seconds)} (budget ≤ ${BUDGET.seconds} s); ` +
    `peak memory ${memoryMb} MB ${mark(memoryMb <= BUDGET.memoryMb)} (budget ≤ ${BUDGET.memoryMb} MB).`,
);
console.log(`Where the time went: ${summary}`);
if (process.env.BENCH_KEEP !== '1') {
  await rm(OUT, { recursive: true, force: true });
  await writeFile(CLEANED, String(Date.now()));
}
