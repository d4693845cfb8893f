/**
 * What each page of a release was made from, as Astro's incremental build keyed it: its route's
 * code (dependency hash), its cache key, and the build's configuration and lockfile hashes. A page
 * whose version is the same in the new release and the live one holds the same bytes, so its twins
 * are linked from the live release without reading either page (post-build.ts).
 *
 * That holds only while Astro's cache holds what its manifest says. A build that renders pages into
 * the cache and then fails (or is killed) before Astro writes its manifest leaves newer pages under
 * older keys; `startCacheUse` and `endCacheUse` mark a build under way, and a mark left by a build
 * that did not finish makes the next one forget the cache's manifest and render every page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Astro's manifest in its cache folder (astro/dist/core/build/incremental.js). */
const ASTRO_MANIFEST = 'incremental-build.json';
/** Beside client/ in a release: output file (relative to client/) → version. */
export const PAGE_VERSIONS_FILE = 'page-versions.json';
const IN_USE = 'build-under-way';

interface AstroManifest {
  configHash?: string;
  lockfileHash?: string;
  routes?: Record<
    string,
    { dependencyHash?: string; paths?: Record<string, { cacheKey?: string; outputFile?: string }> }
  >;
}

function readJson<T>(path: string): T | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Before Astro builds with `cacheDir`: a mark left by a build that did not finish drops the manifest. */
export async function startCacheUse(cacheDir: string): Promise<boolean> {
  await mkdir(cacheDir, { recursive: true });
  const interrupted = existsSync(join(cacheDir, IN_USE));
  if (interrupted) await rm(join(cacheDir, ASTRO_MANIFEST), { force: true });
  await writeFile(join(cacheDir, IN_USE), String(process.pid));
  return interrupted;
}

/** After Astro wrote its manifest: the cache is consistent again. */
export async function endCacheUse(cacheDir: string): Promise<void> {
  await rm(join(cacheDir, IN_USE), { force: true });
}

/** The versions of the pages Astro's manifest (just written) lists, by output file under client/. */
export function pageVersions(cacheDir: string): Record<string, string> {
  const m = readJson<AstroManifest>(join(cacheDir, ASTRO_MANIFEST));
  const out: Record<string, string> = {};
  if (!m?.routes) return out;
  for (const route of Object.values(m.routes)) {
    for (const entry of Object.values(route.paths ?? {})) {
      if (!entry.outputFile || entry.cacheKey === undefined) continue;
      const file = entry.outputFile.replace(/^client\//, '');
      out[file] = [m.configHash, m.lockfileHash, route.dependencyHash, entry.cacheKey].join(':');
    }
  }
  return out;
}

export async function writePageVersions(releaseDir: string, versions: Record<string, string>): Promise<void> {
  await writeFile(join(releaseDir, PAGE_VERSIONS_FILE), JSON.stringify(versions));
}

/** The pages (under client/) whose version is the same in the live release as now. */
export function sameAsLive(liveReleaseDir: string | null, versions: Record<string, string>): Set<string> {
  const live = liveReleaseDir ? readJson<Record<string, string>>(join(liveReleaseDir, PAGE_VERSIONS_FILE)) : null;
  const same = new Set<string>();
  if (!live) return same;
  for (const [file, version] of Object.entries(versions)) if (live[file] === version) same.add(file);
  return same;
}
