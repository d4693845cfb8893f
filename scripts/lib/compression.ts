/**
 * How the build compresses its files' .br and .gz twins: one place for the page-twin thread
 * (twin-worker.ts) and the post-build pass (page-twins.ts `writeTwins`). No side effects: the twin
 * thread imports it.
 *
 * Measured on 306 product, listing and article pages of the synthetic catalogue (48.7 kB on average),
 * milliseconds a page on one core of the 2-core build machine, and the average size:
 *
 * | setting                                  | time     | size      |
 * | ---------------------------------------- | -------- | --------- |
 * | brotli 6, default window (4 MB)          | 1.80 ms  | 10,254 B  |
 * | brotli 6, window fitted to the page      | 1.31 ms  | 10,244 B  |
 * | brotli 5, window fitted to the page      | 1.11 ms  | 10,298 B  |
 * | gzip 6 (zlib's default)                  | 0.95 ms  | 11,220 B  |
 * | gzip 5, memLevel 9                       | 0.73 ms  | 11,280 B  |
 *
 * The pages' twins took 156 s of the twin thread in a profiled 10,000-product full build: 0.4-0.5 % larger
 * files for 36 % less of that CPU, which a 2-core machine shares with the shop it serves.
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
