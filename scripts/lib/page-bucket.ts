/**
 * One build for every instance: the pages' releases in an S3-compatible bucket (PAGES_S3_BUCKET).
 *
 * The bucket holds the live site as its files (`index.html`, `products/…/index.html`, `_astro/…`,
 * the .br/.gz twins), each with the content type and cache rule the site server gives it, so that a
 * CDN in front of the bucket can serve the pages itself. Beside them, per release, its manifest
 * (`builds/<id>/manifest.json`: every file with its size and MD5), and `builds/latest.json`, the
 * release's own marker, which names the live release.
 *
 * The instance that rebuilt (scripts/build.ts, holding the rebuild lease) uploads the files that
 * changed since the release the bucket holds, then the manifest, then `builds/latest.json` last: a
 * publish that fails part way leaves the bucket naming the release before, complete. Every other
 * instance (the rebuild schedule, rebuild-scheduler.ts) sees a new `builds/latest.json`, makes a new
 * local release of it (the files unchanged since its live release linked from it, the others
 * downloaded and checked against the manifest), and puts it live by renaming a link, as a local
 * build does (releases.ts). A download that fails or finds a file other than the manifest says (a
 * newer release being uploaded meanwhile) removes what it wrote: the live release keeps serving.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { bucketAt, describeBucket, lazyS3, type S3Place } from '../../src/server/common/s3-client.ts';
import type { ServerEnv } from '../../src/server/env.ts';
import { cacheControlOf, TYPES } from '../../src/server/site-files.ts';
import { acquireBuildLock } from './build-lock.ts';
import {
  completeRelease,
  FINGERPRINT_FILE,
  liveBuild,
  MARKER,
  newReleaseDir,
  prune,
  publish,
  type ReleaseView,
  releaseView,
  viewFile,
  viewFiles,
} from './releases.ts';

/** One file of a release: its size and the MD5 of its bytes in hex. */
export interface PageFile {
  size: number;
  md5: string;
}

/** What a release holds: every file of its client folder but the marker, by path (with `/`). */
export interface PageManifest {
  id: string;
  fingerprint: string;
  files: Record<string, PageFile>;
}

/** Beside fingerprint.json in a release that went through the bucket: its manifest. */
export const MANIFEST_FILE = 'pages-manifest.json';
export const manifestKey = (id: string): string => `builds/${id}/manifest.json`;
/** Objects sent or fetched at once. */
const PARALLEL = 8;

type PagesEnv = Pick<
  ServerEnv,
  'PAGES_S3_BUCKET' | 'MEDIA_S3_ENDPOINT' | 'MEDIA_S3_REGION' | 'MEDIA_S3_FORCE_PATH_STYLE'
>;

/** The pages' bucket PAGES_S3_BUCKET names (at the media bucket's service), or null: one machine. */
export const pagesBucketOf = (env: PagesEnv): S3Place | null => bucketAt(env.PAGES_S3_BUCKET, env);

/**
 * The files of `next` to upload over a bucket holding `held` (null: an empty bucket): those new or
 * with other bytes; and the paths `held` has that `next` no longer does.
 */
export function changedFiles(
  next: Record<string, PageFile>,
  held: Record<string, PageFile> | null,
): { changed: string[]; removed: string[] } {
  const changed = Object.keys(next).filter((rel) => {
    const before = held?.[rel];
    return !before || before.size !== next[rel]!.size || before.md5 !== next[rel]!.md5;
  });
  const removed = held ? Object.keys(held).filter((rel) => !(rel in next)) : [];
  return { changed: changed.sort(), removed: removed.sort() };
}

/** A manifest read from JSON, or null when it is not one. */
export function parseManifest(text: string): PageManifest | null {
  try {
    const m = JSON.parse(text) as Partial<PageManifest>;
    if (typeof m.id !== 'string' || typeof m.fingerprint !== 'string' || !m.files || typeof m.files !== 'object')
      return null;
    for (const [rel, f] of Object.entries(m.files)) {
      if (!safePath(rel) || typeof f?.size !== 'number' || typeof f.md5 !== 'string') return null;
    }
    return m as PageManifest;
  } catch {
    return null;
  }
}

/** A path a release may hold: `/`-separated names, none empty, `.` or `..` (nothing climbs out). */
export function safePath(rel: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (!rel || /[\u0000-\u001f\u007f\\]/.test(rel)) return false;
  return rel.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** A release's local manifest (written when it was uploaded or downloaded), or null. */
export function localManifest(releaseDir: string): PageManifest | null {
  try {
    return parseManifest(readFileSync(join(releaseDir, MANIFEST_FILE), 'utf8'));
  } catch {
    return null;
  }
}

const md5 = (body: Uint8Array): string => createHash('md5').update(body).digest('hex');

/** Runs `job` on each item, `PARALLEL` at once; the first failure rejects (after those under way end). */
async function eachAtOnce<T>(items: Iterable<T>, job: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  let next = 0;
  let failed: unknown = null;
  const worker = async () => {
    while (next < queue.length && failed === null) {
      const item = queue[next++] as T;
      await job(item).catch((error: unknown) => {
        failed ??= error;
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (failed !== null) throw failed;
}

/**
 * Every file a release serves (releases.ts: its own and those it reads from its base) but the
 * marker, with its size and MD5. A file that is the very file of `base` (the same inode: linked from
 * Astro's cache or from the live release, or read from the same base) takes the entry of `base`'s
 * manifest without being read.
 */
export async function describeRelease(
  release: ReleaseView,
  base: { release: ReleaseView; manifest: PageManifest } | null,
): Promise<Record<string, PageFile>> {
  const rels: string[] = [];
  for (const rel of viewFiles(release)) if (rel !== MARKER) rels.push(rel);
  const files: Record<string, PageFile> = {};
  await eachAtOnce(rels, async (rel) => {
    const file = viewFile(release, rel);
    if (!file) throw new Error(`${rel} left the release while it was read`);
    const known = base?.manifest.files[rel];
    const before = known && base ? viewFile(base.release, rel) : null;
    if (known && before) {
      const [a, b] = await Promise.all([stat(file), stat(before).catch(() => null)]);
      if (b && a.ino === b.ino && a.dev === b.dev && a.size === known.size) {
        files[rel] = known;
        return;
      }
    }
    const body = await readFile(file);
    files[rel] = { size: body.length, md5: md5(body) };
  });
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The headers a file is stored with: the content type and cache rule the site server gives it. A
 * .br/.gz twin is stored as what it is (compressed bytes, with its page's cache rule), not with a
 * Content-Encoding: a CDN in front of the bucket compresses the page itself, and an object's
 * Content-Encoding is a header some S3-compatible servers apply to the upload itself.
 */
export function objectHeaders(rel: string): { ContentType: string; CacheControl: string } {
  const twin = rel.endsWith('.br') || rel.endsWith('.gz');
  const page = twin ? rel.slice(0, rel.lastIndexOf('.')) : rel;
  const pageType = TYPES[extname(page)] ?? 'application/octet-stream';
  return {
    ContentType: twin ? (rel.endsWith('.gz') ? 'application/gzip' : 'application/octet-stream') : pageType,
    CacheControl: cacheControlOf(page, pageType.startsWith('text/html')),
  };
}

/** The pages' bucket: its objects read and written whole. */
export interface PageBucket {
  readonly describe: string;
  /** The object's bytes, or null when there is none under the key. */
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer, rel: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export function pageBucket(place: S3Place): PageBucket {
  const Bucket = place.bucket;
  const s3 = lazyS3(place);
  return {
    describe: describeBucket(place),
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async put(key, body, rel) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length, ...objectHeaders(rel) }),
      );
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/** The release the bucket names live: its marker's bytes and build id, or null when it holds none. */
export async function bucketLatest(bucket: PageBucket): Promise<{ id: string; marker: Buffer } | null> {
  const marker = await bucket.get(MARKER);
  if (!marker) return null;
  const id = (JSON.parse(marker.toString('utf8')) as { id?: unknown }).id;
  if (typeof id !== 'string' || !id) throw new Error(`${bucket.describe}: ${MARKER} names no build`);
  return { id, marker };
}

/** The manifest of build `id` in the bucket, or null when it is missing or not one (a bucket that cannot be read throws). */
async function bucketManifest(bucket: PageBucket, id: string): Promise<PageManifest | null> {
  const body = await bucket.get(manifestKey(id));
  const manifest = body ? parseManifest(body.toString('utf8')) : null;
  return manifest?.id === id ? manifest : null;
}

export interface UploadReport {
  id: string;
  uploaded: number;
  removed: number;
  /** The files the release holds. */
  files: number;
}

/**
 * Puts a complete local release in the bucket: the files that differ from the release the bucket
 * holds, its manifest, then its marker (`builds/latest.json`) last; the files the bucket holds and
 * the release does not are removed after. `base` is the local release the new one was built over
 * (the live one): when the bucket holds that very release, files linked from it are not read.
 */
export async function uploadRelease(
  bucket: PageBucket,
  releaseDir: string,
  base: string | null,
  onPut: (key: string) => void = () => {},
): Promise<UploadReport> {
  const release = completeRelease(releaseDir);
  if (!release) throw new Error(`${releaseDir} is not a complete build; it was not uploaded.`);
  const clientDir = join(releaseDir, 'client');
  const view = releaseView(releaseDir);
  const latest = await bucketLatest(bucket);
  // A release named without its manifest (removed by hand) is unknown: every file goes up again.
  const held = latest ? await bucketManifest(bucket, latest.id) : null;
  const baseManifest = base ? localManifest(base) : null;
  const files = await describeRelease(
    view,
    base && baseManifest && baseManifest.id === held?.id
      ? { release: releaseView(base), manifest: baseManifest }
      : null,
  );
  const { changed, removed } = changedFiles(files, held?.files ?? null);
  await eachAtOnce(changed, async (rel) => {
    const file = viewFile(view, rel);
    if (!file) throw new Error(`${rel} left the release while it was uploaded`);
    await bucket.put(rel, await readFile(file), rel);
    onPut(rel);
  });
  const manifest: PageManifest = { id: release.buildId, fingerprint: release.fingerprint, files };
  const manifestBody = Buffer.from(JSON.stringify(manifest));
  await bucket.put(manifestKey(release.buildId), manifestBody, manifestKey(release.buildId));
  onPut(manifestKey(release.buildId));
  await bucket.put(MARKER, await readFile(join(clientDir, MARKER)), MARKER);
  onPut(MARKER);
  await writeFile(join(releaseDir, MANIFEST_FILE), manifestBody);
  // Gone from the site: no instance serves them once it took this release.
  await eachAtOnce(removed, (rel) => bucket.delete(rel)).catch(() => {});
  if (held) await bucket.delete(manifestKey(held.id)).catch(() => {});
  return { id: release.buildId, uploaded: changed.length, removed: removed.length, files: Object.keys(files).length };
}

export type PullResult =
  | { result: 'none' }
  | { result: 'current'; id: string }
  | { result: 'pulled'; id: string; downloaded: number; linked: number };

/** Whether the live file at `path` holds the bytes `want` describes (read only when its size matches). */
async function holds(path: string, want: PageFile, known: PageFile | undefined): Promise<boolean> {
  if (known) return known.size === want.size && known.md5 === want.md5;
  const body = await readFile(path).catch(() => null);
  return body !== null && body.length === want.size && md5(body) === want.md5;
}

/**
 * Takes the release the bucket names live when it is not the one `dist` serves: a new local release
 * with the unchanged files linked from the live one and the others downloaded, each checked against
 * the manifest, then every file the manifest lists checked present before it is sealed and put live.
 * Holds `dist`'s build lock while it writes. On any failure the new folder is removed and the live
 * release keeps serving.
 */
export async function pullRelease(dist: string, bucket: PageBucket): Promise<PullResult> {
  const latest = await bucketLatest(bucket);
  if (!latest) return { result: 'none' };
  if (liveBuild(dist)?.buildId === latest.id) return { result: 'current', id: latest.id };
  const lock = await acquireBuildLock(dist, () => {});
  const dir = newReleaseDir(dist);
  try {
    const live = liveBuild(dist);
    if (live?.buildId === latest.id) return { result: 'current', id: latest.id };
    const manifest = await bucketManifest(bucket, latest.id);
    if (!manifest) throw new Error(`${bucket.describe}: the manifest of build ${latest.id} is missing or not one`);
    const liveView = live ? releaseView(live.dir) : null;
    const liveManifest = live ? localManifest(live.dir) : null;
    const clientDir = join(dir, 'client');
    let downloaded = 0;
    let linked = 0;
    await eachAtOnce(Object.entries(manifest.files), async ([rel, want]) => {
      const to = join(clientDir, ...rel.split('/'));
      await mkdir(dirname(to), { recursive: true });
      if (liveView) {
        const from = viewFile(liveView, rel);
        if (from && (await holds(from, want, liveManifest?.files[rel]))) {
          await link(from, to);
          linked++;
          return;
        }
      }
      const body = await bucket.get(rel);
      if (!body || body.length !== want.size || md5(body) !== want.md5)
        throw new Error(
          `${rel} in the ${bucket.describe} is not the file of build ${latest.id} (a newer one under way?)`,
        );
      await writeFile(to, body);
      downloaded++;
    });
    // Every file the release lists, whole, before it may be sealed.
    for (const [rel, want] of Object.entries(manifest.files)) {
      const st = lstatSync(join(clientDir, ...rel.split('/')), { throwIfNoEntry: false });
      if (!st?.isFile() || st.size !== want.size) throw new Error(`${rel} of build ${latest.id} is missing`);
    }
    await writeFile(join(dir, MANIFEST_FILE), JSON.stringify(manifest));
    await writeFile(
      join(dir, FINGERPRINT_FILE),
      JSON.stringify({ fingerprint: manifest.fingerprint, buildId: latest.id }),
    );
    await mkdir(dirname(join(clientDir, MARKER)), { recursive: true });
    await writeFile(join(clientDir, MARKER), latest.marker);
    await publish(dist, dir);
    await prune(dist);
    return { result: 'pulled', id: latest.id, downloaded, linked };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}
