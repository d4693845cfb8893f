/**
 * Where builds live. Every build writes a fresh `<dist>/releases/<id>/` (Astro's client/ and server/,
 * then fingerprint.json, then client/builds/latest.json last of all: the marker of a complete
 * build). Only a complete release is put live, by renaming a symbolic link over `<dist>/client`, so
 * an interrupted build leaves the previous complete build, or none, never a partial one.
 *
 * A release holds every page, or (an edit's rebuild, build-cache.ts) only the pages its build wrote
 * over a release that holds every page, its base: `lower.json` lists the pages read from the base
 * (src/server/site-files.ts). A base is kept as long as a kept release reads from it.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { LOWER_FILE, type LowerLayer, readLowerLayer } from '../../src/server/site-files.ts';
import type { LayerPlan } from './build-cache.ts';
import { alive } from './build-lock.ts';

/** Beside client/ and server/ in a release: the catalog fingerprint and build id it was made from. */
export const FINGERPRINT_FILE = 'fingerprint.json';
/** Inside client/: the build id the browser checks, written last, so it marks a complete build. */
export const MARKER = 'builds/latest.json';
/** Releases kept on disk: the live one and the one before it (for a quick manual rollback). */
const KEEP_RELEASES = 2;

export interface CompleteBuild {
  /** The release folder (holding client/, server/ and fingerprint.json). */
  dir: string;
  buildId: string;
  fingerprint: string;
}

export const liveDir = (dist: string): string => join(dist, 'client');
export const releasesDir = (dist: string): string => join(dist, 'releases');

function readJson(path: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The build id in a client folder's marker, or null when the folder is not a complete build. */
export function markerId(clientDir: string): string | null {
  const id = readJson(join(clientDir, MARKER))?.id;
  return typeof id === 'string' && id ? id : null;
}

/** A client folder's marker: its build id and when the build was sealed (ms), or null when incomplete. */
export function markerInfo(clientDir: string): { id: string; timestamp: number } | null {
  const marker = readJson(join(clientDir, MARKER));
  if (typeof marker?.id !== 'string' || !marker.id) return null;
  return { id: marker.id, timestamp: typeof marker.timestamp === 'number' ? marker.timestamp : 0 };
}

/** A release folder's build when it is complete: marker present and matching its fingerprint file. */
export function completeRelease(dir: string): CompleteBuild | null {
  const buildId = markerId(join(dir, 'client'));
  const meta = readJson(join(dir, FINGERPRINT_FILE));
  if (!buildId || meta?.buildId !== buildId || typeof meta.fingerprint !== 'string') return null;
  return { dir, buildId, fingerprint: meta.fingerprint };
}

/** The build `<dist>/client` serves, when it is a complete release; null otherwise. */
export function liveBuild(dist: string): CompleteBuild | null {
  // The folder is given as its real path, so that callers can compare it with other real paths.
  const live = liveDir(dist);
  try {
    if (!lstatSync(live).isSymbolicLink()) return null;
    return completeRelease(dirname(realpathSync(live)));
  } catch {
    return null;
  }
}

/** A new, empty release folder name; ids sort by time. */
export function newReleaseDir(dist: string): string {
  const stamp = new Date().toISOString().replace(/[-:.TZ]/g, '');
  return join(releasesDir(dist), `${stamp}-${process.pid}`);
}

/** Writes the release's fingerprint file, then the marker: from here on the release is complete. */
export async function sealRelease(dir: string, buildId: string, fingerprint: string): Promise<void> {
  await writeFile(join(dir, FINGERPRINT_FILE), JSON.stringify({ fingerprint, buildId }));
  await mkdir(dirname(join(dir, 'client', MARKER)), { recursive: true });
  await writeFile(join(dir, 'client', MARKER), JSON.stringify({ id: buildId, timestamp: Date.now() }));
}

/**
 * Makes a complete release live: a new link beside `<dist>/client`, renamed over it in one step.
 * A plain `<dist>/client` folder (an older layout, never known complete) is removed first.
 */
export async function publish(dist: string, dir: string): Promise<void> {
  if (!completeRelease(dir)) throw new Error(`${dir} is not a complete build; it was not put live.`);
  const live = liveDir(dist);
  if (existsSync(live) && !lstatSync(live).isSymbolicLink()) await rm(live, { recursive: true, force: true });
  const next = `${live}.next`;
  await rm(next, { force: true });
  // A relative target keeps the output folder movable.
  await symlink(relative(dist, join(dir, 'client')), next, 'dir');
  await rename(next, live);
}

/**
 * Writes a release's lower layer: `pages` (paths under client/ with `/`) are read from the release
 * `base`; the release holds `own` pages itself.
 */
export async function writeLowerLayer(dir: string, base: string, pages: Iterable<string>, own: number): Promise<void> {
  if (dirname(base) !== dirname(dir)) throw new Error(`${base} is not a release beside ${dir}`);
  await writeFile(join(dir, LOWER_FILE), JSON.stringify({ base: basename(base), own, pages: [...pages].sort() }));
}

/**
 * A release over a base carries the pages rendered since the base (linked, one by one): past this
 * share of the pages, the next build holds every page again and becomes the base.
 */
export const MAX_OWN_SHARE = 0.1;

/**
 * How a build may leave its unchanged pages where the live release `previous` reads them
 * (build-cache.ts), or null: every page restored into the new release. Only when Astro's cache holds
 * the live release's pages (`cacheRelease`, the build id the cache names), not `flat`
 * (FLAT_RELEASES=1), and the live release has not drifted far from its base.
 */
export function layerPlan(
  previous: CompleteBuild | null,
  cacheRelease: string | null,
  flat: boolean,
): LayerPlan | null {
  if (!previous || flat || cacheRelease !== previous.buildId) return null;
  const { lower } = releaseView(previous.dir);
  if (!lower) return { base: previous.dir, inBase: () => true };
  if (lower.own > MAX_OWN_SHARE * (lower.own + lower.pages.size)) return null;
  return { base: dirname(lower.client), inBase: (rel) => lower.pages.has(rel) };
}

/** A release's files as the site serves them: its own, and the pages it reads from its base. */
export interface ReleaseView {
  client: string;
  lower: LowerLayer | null;
}

export const releaseView = (dir: string): ReleaseView => {
  const client = join(dir, 'client');
  return { client, lower: readLowerLayer(client) };
};

/** The file the site serves for `rel` (with `/`): the release's own, or its base's; null when neither. */
export function viewFile(view: ReleaseView, rel: string): string | null {
  const own = join(view.client, ...rel.split('/'));
  if (statSync(own, { throwIfNoEntry: false })?.isFile()) return own;
  const page = rel.replace(/\.(br|gz)$/, '');
  if (!view.lower?.pages.has(page)) return null;
  const lower = join(view.lower.client, ...rel.split('/'));
  return statSync(lower, { throwIfNoEntry: false })?.isFile() ? lower : null;
}

function* walk(dir: string, prefix = ''): Generator<string> {
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(dir, rel);
    else yield rel;
  }
}

/** Every file the site serves from a release (paths with `/`), each once: its own, then its base's pages and their twins. */
export function* viewFiles(view: ReleaseView): Generator<string> {
  const own = new Set<string>();
  for (const rel of walk(view.client)) {
    own.add(rel);
    yield rel;
  }
  for (const page of view.lower?.pages ?? []) {
    for (const rel of [page, `${page}.br`, `${page}.gz`]) {
      if (!own.has(rel) && viewFile(view, rel)) yield rel;
    }
  }
}

/**
 * Removes incomplete releases (interrupted builds) and all but the newest complete ones, never the
 * live one. Call it holding the build lock.
 */
export async function prune(dist: string): Promise<void> {
  const live = liveBuild(dist)?.dir;
  let names: string[];
  try {
    names = (await readdir(releasesDir(dist))).sort().reverse();
  } catch {
    return;
  }
  let kept = 0;
  const keep = new Set<string>();
  for (const name of names) {
    const dir = join(releasesDir(dist), name);
    if (realpathSync(dir) === live || (completeRelease(dir) !== null && kept < KEEP_RELEASES)) {
      kept++;
      keep.add(name);
      // The release its pages are read from stays as long as it does.
      const base = readLowerLayer(join(dir, 'client'))?.client;
      if (base) keep.add(basename(dirname(base)));
    }
  }
  for (const name of names) {
    if (!keep.has(name) && !underWay(join(releasesDir(dist), name)))
      await rm(join(releasesDir(dist), name), { recursive: true, force: true });
  }
}

/**
 * An incomplete release whose process still runs: a build started ahead of need bundles its code into
 * its release before it takes the lock (scripts/build.ts). One whose process is gone is left over.
 */
function underWay(dir: string): boolean {
  const pid = /^\d+-(\d+)$/.exec(basename(dir))?.[1];
  return pid !== undefined && completeRelease(dir) === null && alive(Number(pid));
}
