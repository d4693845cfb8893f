/**
 * Astro's incremental build cache (`<DIST_DIR>/cache`, astro/dist/core/build/incremental.js) as this
 * build uses it.
 *
 * Astro restores a page whose key and code are unchanged by copying it from the cache into the new
 * release. For a 10,000-product shop that is 41,000 files and 2 GB written on every rebuild, most of
 * an edit's time. While the build runs (`linkRestores`), a restore links instead: the page and the
 * .br/.gz twins kept beside it in the cache, so the release needs nothing more done to the page. The
 * files are then shared by the cache, the live release and the new one, which is safe because none of
 * them is ever written in place: a page Astro renders again is written to a new file in the cache
 * (the old one is unlinked first, and stays whole wherever else it is linked), and twins are replaced
 * by renaming (page-twins.ts). A restore that cannot link (another file system) copies, as Astro does.
 *
 * An edit's rebuild need not restore at all (`LayerPlan`): a page the live release reads from its base
 * (or, when the live release holds every page, any page of it) is the cached page, so the new release
 * reads it from that same base (releases.ts) and nothing is written for it: no folder, no link. That
 * holds when the cache is the live release's, which `cacheRelease` tells: it names the release the
 * cache was last left by, and is removed while a build uses the cache.
 *
 * That holds only while the cache holds what Astro's manifest says. A build that renders pages into
 * the cache and then fails (or is killed) before Astro writes its manifest leaves newer pages under
 * older keys; `startCacheUse` and `endCacheUse` mark a build under way, and a mark left by a build
 * that did not finish makes the next one forget the cache's manifest and render every page.
 */
import fs, {
  existsSync,
  linkSync,
  lstatSync,
  type MakeDirectoryOptions,
  mkdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { link, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Astro's manifest and its copies of the pages in its cache folder (incremental.js). */
const ASTRO_MANIFEST = 'incremental-build.json';
const ASTRO_OUTPUT = 'dist';
const IN_USE = 'build-under-way';
/** The build id of the release the cache's pages are the pages of (written once it is live). */
const RELEASE = 'release.json';
export const TWINS = ['.br', '.gz'] as const;

/** The build id of the release the cache was last left by, or null (unknown, or a build under way). */
export function cacheRelease(cacheDir: string): string | null {
  try {
    const id = (JSON.parse(readFileSync(join(cacheDir, RELEASE), 'utf8')) as { id?: unknown }).id;
    return typeof id === 'string' && id ? id : null;
  } catch {
    return null;
  }
}

/** The cache now holds the pages of the live release `id` (after it was put live). */
export async function setCacheRelease(cacheDir: string, id: string): Promise<void> {
  await replaceFile(join(cacheDir, RELEASE), JSON.stringify({ id }));
}

/** Before Astro builds with `cacheDir`: a mark left by a build that did not finish drops the manifest. */
export async function startCacheUse(cacheDir: string): Promise<boolean> {
  await mkdir(cacheDir, { recursive: true });
  const interrupted = existsSync(join(cacheDir, IN_USE));
  if (interrupted) await rm(join(cacheDir, ASTRO_MANIFEST), { force: true });
  // From here until the new release is live, the cache is no release's.
  await rm(join(cacheDir, RELEASE), { force: true });
  await writeFile(join(cacheDir, IN_USE), String(process.pid));
  return interrupted;
}

/** After Astro wrote its manifest: the cache is consistent again. */
export async function endCacheUse(cacheDir: string): Promise<void> {
  await rm(join(cacheDir, IN_USE), { force: true });
}

/** `body` at `file` as a new file (written beside it, then renamed over): a link to the old one keeps the old bytes. */
export async function replaceFile(file: string, body: Buffer | string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, body);
  await rename(temporary, file);
}

/** A link at `to` to `from`, replacing what was there by renaming (never written in place). */
export async function linkOver(from: string, to: string): Promise<void> {
  const temporary = `${to}.${process.pid}.tmp`;
  await rm(temporary, { force: true });
  await link(from, temporary);
  await rename(temporary, to);
}

type PathArg = string | URL | Buffer | number | fs.promises.FileHandle;
const pathOf = (target: PathArg): string | null =>
  typeof target === 'string' ? target : target instanceof URL ? fileURLToPath(target) : null;
const within = (dir: string, path: string): boolean => path.startsWith(dir + sep);

/** How an edit's rebuild reads its unchanged pages from the live release's base instead of restoring them. */
export interface LayerPlan {
  /** The release holding every page that the new one reads from. */
  base: string;
  /** Whether the live release reads the page at `rel` (under client/, with `/`) from `base`. */
  inBase(rel: string): boolean;
}

/** Astro's incremental cache class (astro/dist/core/build/incremental.js), whose restores a plan skips. */
type AstroCache = {
  prototype: { restoreOutputFile(settings: unknown, outputFile: string, to: URL): Promise<boolean> };
};

async function astroCacheClass(): Promise<AstroCache | null> {
  try {
    const astro = fileURLToPath(import.meta.resolve('astro'));
    const mod = (await import(pathToFileURL(join(dirname(astro), 'core/build/incremental.js')).href)) as {
      IncrementalBuildCache?: AstroCache;
    };
    const cls = mod.IncrementalBuildCache;
    return typeof cls?.prototype?.restoreOutputFile === 'function' ? cls : null;
  } catch {
    return null;
  }
}

export interface Restores {
  /** Output files (relative to the release's client folder) restored with their twins: nothing left to do. */
  withTwins: Set<string>;
  /** Pages left in the base (`LayerPlan`): not restored, read from there (paths with `/`). */
  inBase: Set<string>;
  /**
   * Pages rendered by this build (relative to the client folder) → their file as Astro wrote it: the
   * post-build pass need not read one again while it is that file (`sameFile`).
   */
  stamps: Map<string, FileStamp>;
  /** Puts Astro's file handling back as it was. */
  stop(): void;
  /** Waits until the twins of every page rendered are in the cache too. */
  settle(): Promise<void>;
  /**
   * After the post-build pass compressed the pages restored without twins (a cache from before
   * twins were kept in it): their twins go into the cache too, where it still holds the same page.
   */
  keepTwins(): Promise<number>;
}

/** A file as it was written: the same inode, size and modification time later mean nothing wrote it since. */
export interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
}

/** The stamp of the file at `file`, or null when there is none. */
function stampOf(file: string): FileStamp | null {
  const found = lstatSync(file, { throwIfNoEntry: false });
  return found?.isFile() ? { ino: found.ino, size: found.size, mtimeMs: found.mtimeMs } : null;
}

/** Whether `file` is still the file `stamp` was taken of. */
export function sameFile(file: string, stamp: FileStamp): boolean {
  const now = stampOf(file);
  return now?.ino === stamp.ino && now.size === stamp.size && now.mtimeMs === stamp.mtimeMs;
}

/**
 * Until `stop()`: Astro's restores from `cacheDir` into `outDir` link (page and twins), and its
 * writes of a rendered page into the cache replace the cached file and its twins: the new twins are
 * those `twinsOf` gives for the page once compressed (page-twins.ts), linked from the release.
 */
export async function linkRestores(
  cacheDir: string,
  outDir: string,
  twinsOf: (outputFile: string) => Promise<boolean>,
  plan: LayerPlan | null = null,
): Promise<Restores> {
  const cached = join(cacheDir, ASTRO_OUTPUT);
  const client = join(outDir, 'client');
  const withTwins = new Set<string>();
  const inBase = new Set<string>();
  const astroCache = plan ? await astroCacheClass() : null;
  const originalRestore = astroCache?.prototype.restoreOutputFile;
  if (plan && astroCache && originalRestore) {
    astroCache.prototype.restoreOutputFile = async function (this: unknown, settings, outputFile, to) {
      const path = fileURLToPath(to);
      const rel = within(client, path) ? relative(client, path).split(sep).join('/') : null;
      if (rel !== null && plan.inBase(rel)) {
        inBase.add(rel);
        return true;
      }
      return originalRestore.call(this, settings, outputFile, to);
    };
  }
  /** Twins of rendered pages being linked into the cache. */
  const linking = new Set<Promise<void>>();
  /** Restored without twins: output file → the cached page it is linked to. */
  const withoutTwins = new Map<string, string>();
  /** Pages rendered and written by Astro (relative to the client folder) → the file as it was written. */
  const stamps = new Map<string, FileStamp>();
  /** The release's files Astro wrote, until it writes them into the cache: file → what it wrote. */
  const justWritten = new Map<string, unknown>();
  // The one object both `node:fs`'s `promises` and `node:fs/promises` are, as Astro calls it.
  const api = fs.promises as unknown as Record<
    'copyFile' | 'writeFile' | 'mkdir',
    (...args: unknown[]) => Promise<void>
  >;
  const original = { copyFile: api.copyFile, writeFile: api.writeFile, mkdir: api.mkdir };

  // A page's folders and file, in the release and in the cache, made by synchronous calls: each call
  // through the thread pool cost the rendering thread 90-140 µs (its hand-off, the pool's wake-up and
  // the promise on a 2-core machine), a synchronous one about 15-40 µs. The build has nothing else for
  // the thread to do meanwhile (its few rendering slots are busy on this thread themselves).
  api.mkdir = async (...args: unknown[]) => {
    const dir = pathOf(args[0] as PathArg);
    if (!dir || !(within(outDir, dir) || within(cached, dir))) return original.mkdir(...args);
    mkdirSync(dir, args[1] as MakeDirectoryOptions);
  };

  api.copyFile = async (...args: unknown[]) => {
    const from = pathOf(args[0] as PathArg);
    const to = pathOf(args[1] as PathArg);
    if (!from || !to || !within(cached, from) || !within(outDir, to)) return original.copyFile(...args);
    try {
      await link(from, to);
    } catch {
      return original.copyFile(...args);
    }
    const linked = await Promise.all(
      TWINS.map((twin) =>
        link(from + twin, to + twin).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (linked.every(Boolean)) withTwins.add(relative(client, to));
    else {
      // Half a pair is worse than none: the post-build pass compresses the page afresh.
      await Promise.all(TWINS.map((twin) => rm(to + twin, { force: true })));
      withoutTwins.set(to, from);
    }
  };

  api.writeFile = async (...args: unknown[]) => {
    const file = pathOf(args[0] as PathArg);
    if (
      file &&
      within(client, file) &&
      (typeof args[1] === 'string' || ArrayBuffer.isView(args[1])) &&
      args.length === 2
    ) {
      writeFileSync(file, args[1] as string | NodeJS.ArrayBufferView);
      justWritten.set(file, args[1]);
      return;
    }
    if (!file || !within(cached, file)) return original.writeFile(...args);
    // The cached page and twins may be linked from releases: unlinked, never written in place. Looked
    // at first (`rm` on a file that is not there builds an error with its stack: 8 s of a full build).
    for (const f of [file, ...TWINS.map((twin) => file + twin)]) {
      if (lstatSync(f, { throwIfNoEntry: false })) unlinkSync(f);
    }
    const outputFile = join(outDir, relative(cached, file));
    // Astro has just written these very bytes (the same object) into the release: linked, not written
    // a second time.
    const same = justWritten.get(outputFile) === args[1];
    justWritten.delete(outputFile);
    const written = same ? stampOf(outputFile) : null;
    let linked = false;
    if (written) {
      try {
        linkSync(outputFile, file);
        linked = true;
        stamps.set(relative(client, outputFile), written);
      } catch {
        // Another file system: written.
      }
    }
    if (!linked) await original.writeFile(...args);
    if (!within(client, outputFile)) return;
    // Not awaited here: Astro holds one of its few rendering slots until this write returns, and the
    // twins may still be compressing (`settle` waits for them all before the build ends).
    const job = (async () => {
      if (!(await twinsOf(relative(client, outputFile)))) return;
      try {
        for (const twin of TWINS) linkSync(outputFile + twin, file + twin);
      } catch {
        for (const twin of TWINS) rmSync(file + twin, { force: true });
      }
    })()
      .catch(() => {})
      .finally(() => linking.delete(job));
    linking.add(job);
  };

  return {
    withTwins,
    inBase,
    stamps,
    stop() {
      api.copyFile = original.copyFile;
      api.writeFile = original.writeFile;
      api.mkdir = original.mkdir;
      justWritten.clear();
      if (astroCache && originalRestore) astroCache.prototype.restoreOutputFile = originalRestore;
    },
    async settle() {
      while (linking.size) await Promise.all([...linking]);
    },
    async keepTwins() {
      let kept = 0;
      for (const [output, cachedFile] of withoutTwins) {
        const same = await Promise.all([stat(output), stat(cachedFile)]).then(
          ([a, b]) => a.ino === b.ino && a.dev === b.dev,
          () => false,
        );
        if (!same) continue;
        await Promise.all(TWINS.map((twin) => linkOver(output + twin, cachedFile + twin))).then(
          () => kept++,
          () => Promise.all(TWINS.map((twin) => rm(cachedFile + twin, { force: true }))),
        );
      }
      return kept;
    },
  };
}
