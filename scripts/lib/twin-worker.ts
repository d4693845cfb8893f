/**
 * The thread that makes the rendered pages' twins during a build (page-twins.ts): for each page it
 * is sent, the .br and .gz bodies, written as new files beside the page's path, then a reply. Its
 * own loop, synchronous calls: it works through its queue while the renderer's thread is busy, and
 * neither its compressions nor its writes wait for, or wake, the renderer's thread pool.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { brotliOptions, gzipOptions } from './compression.ts';
import { sha1 } from './page-hash.ts';

export interface TwinJob {
  id: number;
  file: string;
  body: Uint8Array;
}

export interface TwinDone {
  id: number;
  /** The page's hash (`sha1`), made here rather than on the renderer's thread. */
  hash?: string;
  error?: string;
}

parentPort?.on('message', (job: TwinJob) => {
  const reply: TwinDone = { id: job.id };
  try {
    mkdirSync(dirname(job.file), { recursive: true });
    writeFileSync(`${job.file}.br`, brotliCompressSync(job.body, brotliOptions(job.body.length, true)));
    writeFileSync(`${job.file}.gz`, gzipSync(job.body, gzipOptions(true)));
    reply.hash = sha1(job.body);
  } catch (error) {
    reply.error = String(error);
  }
  parentPort?.postMessage(reply);
});
