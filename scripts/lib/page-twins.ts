/**
 * Pages compressed while the build renders them. Prerendering runs on one thread; compressing the
 * pages afterwards (post-build.ts) left the machine's other cores idle for as long again. During a
 * build (`startPageTwins`), the site's middleware (src/middleware.ts) hands every rendered page here:
 * its scripts are deferred, its .br/.gz twins are written beside the file Astro is about to write,
 * and the hash of the exact page is recorded. The post-build pass then skips a page whose file has
 * that hash and compresses anything else as before, so a page written anywhere or changed after
 * rendering is still compressed from its final text.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, gzip } from 'node:zlib';
import { replaceFile } from './build-cache.ts';
import { brotliOptions, gzipOptions } from './compression.ts';
import { sha1 } from './page-hash.ts';
import { deferPageScripts, readImportGraph } from './script-priority.ts';
import type { TwinDone, TwinJob } from './twin-worker.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files smaller than this are served as they are. */
export const MIN_COMPRESS_BYTES = 512;
/** Pages compressed at once during rendering; rendering waits beyond (bounded memory). */
const MAX_IN_FLIGHT = 32;

/**
 * The .br and .gz twins of `file`, written beside it: as new files (`fresh`: none there yet), or
 * replacing the ones there by rename (they may be linked from Astro's cache and the live release).
 */
export async function writeTwins(file: string, body: Buffer, page: boolean, fresh = false): Promise<void> {
  const [b, g] = await Promise.all([br(body, brotliOptions(body.length, page)), gz(body, gzipOptions(page))]);
  const write = fresh ? writeFile : replaceFile;
  await Promise.all([write(`${file}.br`, b), write(`${file}.gz`, g)]);
}

interface TwinState {
  clientDir: string;
  graph?: Promise<Map<string, string[]>>;
  /** Page file (relative to clientDir) → hash of the text its twins were made from. */
  done: Map<string, string>;
  /** Page file (relative to clientDir) → whether its twins were written, once known. */
  jobs: Map<string, Promise<boolean>>;
  inFlight: Set<Promise<boolean>>;
  /** Pages rendered (an incremental build copies the others from Astro's cache). */
  rendered: number;
  /** The thread making the twins (twin-worker.ts), when it could be started. */
  worker?: TwinWorker;
}

/** A page's twins made and written by the twin thread; resolves once they are on disk. */
interface TwinWorker {
  /** Resolves with the page's hash (`sha1`). */
  twin(file: string, body: Buffer): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The twin thread (twin-worker.ts). Compressed on Node's thread pool, the pages' twins ran up to
 * four threads beside the renderer, which is the one thread the whole build waits on: on a 2-core
 * machine the renderer lost its core to them, and its own file writes queued behind them in the
 * pool. One thread of its own keeps up with the renderer (a page compresses in about a quarter of
 * the time it takes to render) and takes only the other core.
 */
function startTwinWorker(): TwinWorker | undefined {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./twin-worker.ts', import.meta.url));
  } catch {
    return undefined;
  }
  const waiting = new Map<number, { done: (hash: string) => void; failed: (error: Error) => void }>();
  let next = 0;
  worker.on('message', (reply: TwinDone) => {
    const job = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error === undefined && reply.hash !== undefined) job?.done(reply.hash);
    else job?.failed(new Error(reply.error));
  });
  // A thread that failed or ended answers nothing more: what it had, and anything sent after, fails
  // at once (the post-build pass then compresses those pages itself).
  let gone: Error | null = null;
  const end = (error: Error) => {
    gone ??= error;
    for (const job of waiting.values()) job.failed(error);
    waiting.clear();
  };
  worker.on('error', end);
  worker.on('exit', (code) => end(new Error(`the twin thread ended (${code})`)));
  return {
    twin: (file, body) =>
      new Promise<string>((done, failed) => {
        if (gone) return failed(gone);
        const id = next++;
        waiting.set(id, { done, failed });
        const job: TwinJob = { id, file, body };
        worker.postMessage(job);
      }),
    stop: async () => {
      await worker.terminate();
    },
  };
}

const KEY = Symbol.for('shop.page-twins');
const store = globalThis as typeof globalThis & { [KEY]?: TwinState };

/** Called by the build before Astro renders into `clientDir`. */
export function startPageTwins(clientDir: string): void {
  const worker = startTwinWorker();
  store[KEY] = {
    clientDir,
    done: new Map(),
    jobs: new Map(),
    inFlight: new Set(),
    rendered: 0,
    ...(worker && { worker }),
  };
}

/** Waits for the twins under way; returns what was compressed and how many pages rendered, and stops taking pages. */
export async function finishPageTwins(): Promise<{ done: Map<string, string>; rendered: number }> {
  const state = store[KEY];
  store[KEY] = undefined;
  if (!state) return { done: new Map(), rendered: 0 };
  await Promise.allSettled([...state.inFlight]);
  await state.worker?.stop();
  return { done: state.done, rendered: state.rendered };
}

/** Whether the twins of a page rendered by this build (file relative to its client folder) were written. */
export function twinsOf(file: string): Promise<boolean> {
  return store[KEY]?.jobs.get(file) ?? Promise.resolve(false);
}

/** Whether a build is taking pages (false in `astro dev` and on the server). */
export const takingPages = (): boolean => store[KEY] !== undefined;

/**
 * Where Astro writes the page of `pathname` with `build.format: 'directory'`. Error pages and
 * paths with an extension are left to the post-build pass.
 */
function pageFile(clientDir: string, pathname: string): string | null {
  const clean = decodeURIComponent(pathname).replace(/\/+$/, '');
  const last = clean.slice(clean.lastIndexOf('/') + 1);
  if (last.includes('.') || last === '404' || last === '500' || clean.includes('..')) return null;
  return join(clientDir, clean, 'index.html');
}

/**
 * The page as it is to be written (its scripts deferred), as bytes: Astro writes a page's response
 * as bytes, so handing it text would encode every page a second time (4 s of a 41,000-page build).
 * Its twins are under way. Rendering waits while MAX_IN_FLIGHT pages are being compressed.
 *
 * The page is taken as text, not as the bytes it arrived in (which spares a decoding and an encoding,
 * about 0.25 ms a Chinese page): tried, the build got slower. The page's text is its one large
 * allocation on the V8 heap, and the young generation's collections it sets off are what free the
 * buffers of the pages rendered before; without it those buffers piled up until they forced a full
 * collection every half second (28 against 12 in a 1,000-product build, `node --trace-gc`), and the
 * collector's helper threads took the CPU the page's encoding had.
 */
export async function twinPage(pathname: string, html: string): Promise<Buffer> {
  const state = store[KEY];
  if (!state) return Buffer.from(html);
  state.rendered++;
  const file = pageFile(state.clientDir, pathname);
  if (!file) return Buffer.from(html);
  state.graph ??= readImportGraph(state.clientDir);
  const body = Buffer.from(deferPageScripts(html, await state.graph));
  if (body.length < MIN_COMPRESS_BYTES) return body;
  while (state.inFlight.size >= MAX_IN_FLIGHT) await Promise.race(state.inFlight);
  const rel = relative(state.clientDir, file);
  const job = (async () => {
    if (state.worker) state.done.set(rel, await state.worker.twin(file, body));
    else {
      await mkdir(dirname(file), { recursive: true });
      await writeTwins(file, body, true, true);
      state.done.set(rel, sha1(body));
    }
    return true;
  })()
    // A failure only means the post-build pass compresses this page itself.
    .catch(() => false)
    .finally(() => state.inFlight.delete(job));
  state.inFlight.add(job);
  state.jobs.set(rel, job);
  return body;
}
