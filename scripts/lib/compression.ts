/**
 * How the build compresses its files' .br and .gz twins: one place for the page-twin thread
 * (twin-worker.ts) and the post-build pass (page-twins.ts `writeTwins`). No side effects: the twin
 * thread imports it.
 *
 * Measured on 10,448 pages of the 10,000-product synthetic catalogue (one in four of its full build,
 * 47.8 KiB on average), both settings on each page in turn, one core of the 2-core build machine:
 *
 * | setting (the page's .br and .gz)                               | CPU a page | both twins |
 * | -------------------------------------------------------------- | ---------- | ---------- |
 * | brotli 6, brotli's default window (4 MiB); gzip 6 (its default) | 2.01 ms    | 21,536 B   |
 * | brotli 5, the window fitted to the page; gzip 5, memLevel 9     | 1.69 ms    | 21,640 B   |
 *
 * 16 % less of the twin thread's CPU (about 13 s of a 41,794-page build, on a machine whose two cores
 * the build shares with the shop it serves) for twins 0.5 % larger. A first sample of 306 pages, each
 * setting timed in a loop of its own, had shown more (2.9 against 1.8 ms); timed page by page in turn
 * on a machine whose speed drifts from minute to minute, the difference is the one above.
 */
import { type BrotliOptions, constants, type ZlibOptions } from 'node:zlib';

/** Brotli's quality for assets, cached for a year: the best. */
const ASSET_BROTLI_QUALITY = 11;
/** Brotli's quality for the thousands of pages of a catalogue (see the table above). */
const PAGE_BROTLI_QUALITY = 5;
const ASSET_GZIP_LEVEL = 9;
const PAGE_GZIP_LEVEL = 5;

/**
 * The smallest window that holds `bytes` (10 to 24 bits, brotli's bounds): a larger one only costs
 * the encoder time setting up tables the page never reaches.
 */
export function brotliWindowBits(bytes: number): number {
  return Math.max(
    constants.BROTLI_MIN_WINDOW_BITS,
    Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))),
  );
}

export function brotliOptions(bytes: number, page: boolean): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: page ? PAGE_BROTLI_QUALITY : ASSET_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes),
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  };
}

export function gzipOptions(page: boolean): ZlibOptions {
  return page ? { level: PAGE_GZIP_LEVEL, memLevel: 9 } : { level: ASSET_GZIP_LEVEL };
}
