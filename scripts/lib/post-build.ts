import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { type FileStamp, linkOver, replaceFile, sameFile, TWINS } from './build-cache.ts';
import { sha1 } from './page-hash.ts';
import { MIN_COMPRESS_BYTES, writeTwins } from './page-twins.ts';
import { deferPageScripts, readImportGraph } from './script-priority.ts';

const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.xml', '.csv', '.txt', '.webmanifest']);
// Written with the pages every build: the product feeds' XML and CSV too (issue 32).
const PAGE_TYPES = new Set(['.html', '.xml', '.csv']);
/** Files compressed at once: enough to keep the thread pool busy, few enough for any file limit. */
const MAX_OPEN_FILES = 64;

/**
 * Every file under `dir`, relative to it (with the platform's separator). Read synchronously: a
 * release holds some 42,000 folders, and a read per folder through the thread pool cost more in
 * hand-offs than the reads themselves.
 */
function* walk(dir: string, prefix = ''): Generator<string> {
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? join(prefix, entry.name) : entry.name;
    if (entry.isDirectory()) yield* walk(dir, rel);
    else yield rel;
  }
}

/** The twins of `previous` linked beside `file`, when it has them. */
async function linkTwins(previous: string, file: string): Promise<boolean> {
  try {
    await Promise.all(TWINS.map((twin) => linkOver(`${previous}${twin}`, `${file}${twin}`)));
    return true;
  } catch {
    return false;
  }
}

/**
 * Links the twins of `previous` (the same file in the previous release) beside `file` when both hold
 * the same bytes: an unchanged asset, a page restored from Astro's cache without its twins.
 */
async function reuseTwins(previous: string, file: string, body: Buffer): Promise<boolean> {
  const before = await readFile(previous).catch(() => null);
  if (!before?.equals(body)) return false;
  return linkTwins(previous, file);
}

/**
 * Lowers the priority of every page's scripts (script-priority.ts), then writes .br/.gz twins of
 * every text file over 512 bytes. Pages restored from Astro's cache with their twins (`restored`,
 * build-cache.ts) are done already and not read. Pages whose twins were made while rendering
 * (page-twins.ts; `done` maps their files to the hash of the text compressed) are skipped when the
 * file still has that text; the twins of a file unchanged since `previousDir` (the live release) are
 * linked from it. Files are replaced, never written in place: a page may be linked from the cache.
 * The build's marker (builds/latest.json) is written after this, by `sealRelease`.
 */
export async function postBuild(
  clientDir: string,
  done: Map<string, string> = new Map(),
  previousDir: string | null = null,
  restored: Set<string> = new Set(),
  rendered: Map<string, FileStamp> = new Map(),
): Promise<{ pages: number; compressed: number; early: number; reused: number }> {
  const graph = await readImportGraph(clientDir);
  let pages = 0;
  let compressed = 0;
  let early = 0;
  let reused = 0;
  const jobs = new Set<Promise<void>>();
  const failures: unknown[] = [];
  for (const rel of walk(clientDir)) {
    const ext = extname(rel);
    if (ext === '.html') pages++;
    if (!COMPRESSIBLE.has(ext)) continue;
    // Nearly every page of an edit's rebuild: counted here, without a job of its own.
    if (restored.has(rel)) {
      compressed++;
      reused++;
      continue;
    }
    const file = join(clientDir, rel);
    // Rendered, compressed as it was written, and still that file: not read again (a full build's
    // 41,000 pages were read and hashed a second time here).
    const stamp = rendered.get(rel);
    if (stamp && done.has(rel) && sameFile(file, stamp)) {
      compressed++;
      early++;
      continue;
    }
    if (jobs.size >= MAX_OPEN_FILES) await Promise.race(jobs);
    const job = (async () => {
      let body = await readFile(file);
      // Not rendered by this build and the same as in the live release: its scripts are deferred
      // already and its twins are there to link (checked first: deferring reads the whole page).
      if (previousDir && !done.has(rel) && body.length >= MIN_COMPRESS_BYTES) {
        if (await reuseTwins(join(previousDir, rel), file, body)) {
          compressed++;
          reused++;
          return;
        }
      }
      if (ext === '.html') {
        const html = body.toString('utf8');
        const lowered = deferPageScripts(html, graph);
        if (lowered !== html) {
          body = Buffer.from(lowered);
          await replaceFile(file, body);
        }
      }
      if (body.length < MIN_COMPRESS_BYTES) return;
      compressed++;
      const hash = done.get(rel);
      if (hash !== undefined && hash === sha1(body)) {
        early++;
        return;
      }
      // Written by something other than Astro's renderer or its cache, yet unchanged once deferred.
      if (previousDir && !done.has(rel) && (await reuseTwins(join(previousDir, rel), file, body))) {
        reused++;
        return;
      }
      await writeTwins(file, body, PAGE_TYPES.has(ext));
    })()
      .catch((error: unknown) => {
        failures.push(error);
      })
      .finally(() => jobs.delete(job));
    jobs.add(job);
  }
  await Promise.all(jobs);
  if (failures.length) throw new Error(`Could not compress ${failures.length} files`, { cause: failures[0] });
  return { pages, compressed, early, reused };
}
