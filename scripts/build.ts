/**
 * `npm run build`: migrate and seed the embedded database when empty, prerender every page with
 * Astro (data from the shop API: in process, or API_BASE over HTTP, each fetched once), then write
 * the precompressed (.br, .gz) twins of text assets, the catalog fingerprint and, last, the marker
 * builds/latest.json. All of it goes to a fresh `<DIST_DIR>/releases/<id>/`, put live at
 * `<DIST_DIR>/client` only when complete (scripts/lib/releases.ts). One build at a time per DIST_DIR.
 * Incremental: a page whose cache key (src/lib/api/page-keys.server.ts) and code are unchanged is
 * linked from Astro's cache in `<DIST_DIR>/cache` with its twins instead of rendered
 * (scripts/lib/build-cache.ts); FULL_BUILD=1 renders all. An edit's rebuild writes only the pages it
 * rendered and reads the others from the release they are in (a release over a base, releases.ts);
 * FLAT_RELEASES=1 makes every release hold every page. With PAGES_S3_BUCKET, the release is
 * uploaded to the pages' bucket (the files changed since the release it holds, builds/latest.json
 * last) before it goes live here; a failed upload fails the build (scripts/lib/page-bucket.ts).
 */

import { randomUUID } from 'node:crypto';
import { rmdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'astro';
import { DEFAULT_LOCALE, FEED_GAPS_LOG_MAX } from '../src/config.ts';
import {
  buildCallCount,
  catalogFingerprint,
  closeBuildData,
  feedProducts,
  pagesStartedAt,
  productPageVersions,
} from '../src/lib/api/build.server.ts';
import { setBuildOutput } from '../src/lib/api/build-source.ts';
import { feedGapsWarning } from '../src/lib/seo/product-feeds.ts';
import { openDb } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { readEnv } from '../src/server/env.ts';
import { seed } from '../src/server/seed/seed.ts';
import { cacheRelease, endCacheUse, linkRestores, setCacheRelease, startCacheUse } from './lib/build-cache.ts';
import { acquireBuildLock, type BuildLock } from './lib/build-lock.ts';
import { installInProcessShop } from './lib/in-process-shop.ts';
import { pageBucket, pagesBucketOf, uploadRelease } from './lib/page-bucket.ts';
import { finishPageTwins, startPageTwins, twinsOf } from './lib/page-twins.ts';
import { postBuild } from './lib/post-build.ts';
import { STANDBY_READY } from './lib/rebuild-scheduler.ts';
import {
  layerPlan,
  liveBuild,
  newReleaseDir,
  prune,
  publish,
  releasesDir,
  sealRelease,
  writeLowerLayer,
} from './lib/releases.ts';

installInProcessShop();

const env = readEnv();
const dist = resolve(env.DIST_DIR);
const KB = 1024;
const seconds = (from: number) => (performance.now() - from) / 1000;
const outDir = newReleaseDir(dist);
const cacheDir = join(dist, 'cache');
/**
 * A build started ahead of need (scripts/lib/rebuild-scheduler.ts): it bundles the code (which an
 * edit does not change) into its release first, then says it is ready and waits for the word to build,
 * a line on its standard input, before it takes the lock and reads anything of the catalogue. Its input
 * closed, or stopped, before the word: not needed; its release folder is removed.
 */
const standby = process.env.BUILD_STANDBY === '1';
if (standby) process.on('SIGTERM', notNeeded);

/** What a build sets up before Astro renders its first page, holding the lock. */
interface Run {
  lock: BuildLock;
  started: number;
  astroStarted: number;
  fingerprint: string;
  previous: ReturnType<typeof liveBuild>;
  plan: ReturnType<typeof layerPlan>;
  restores: Awaited<ReturnType<typeof linkRestores>>;
}

async function prepare(): Promise<Run> {
  const lock = await acquireBuildLock(dist, (pid) =>
    console.log(`Another build (process ${pid ?? '?'}) is writing ${dist}; waiting for it to finish...`),
  );
  try {
    const started = performance.now();
    await prune(dist);
    if (!env.API_BASE) {
      const db = openDb({ sqlitePath: env.SQLITE_PATH, databaseUrl: env.DATABASE_URL });
      await migrate(db);
      if (db.dialect === 'sqlite') await seed(db);
      await db.close();
    }
    const { fingerprint } = await catalogFingerprint();
    // The catalogue's versions and routes (one read of the database) while Astro bundles, whose main
    // thread mostly waits: the pages' paths need them next. A failure is the paths' to report.
    productPageVersions().catch(() => {});
    const astroStarted = performance.now();
    startPageTwins(join(outDir, 'client'));
    setBuildOutput(join(outDir, 'client'));
    const previous = liveBuild(dist);
    const plan = layerPlan(previous, cacheRelease(cacheDir), env.FLAT_RELEASES === '1');
    if (await startCacheUse(cacheDir)) console.log('The last build did not finish: rendering every page.');
    const restores = await linkRestores(cacheDir, outDir, twinsOf, plan);
    return { lock, started, astroStarted, fingerprint, previous, plan, restores };
  } catch (error) {
    lock.release();
    throw error;
  }
}

let run: Run | null = null;
try {
  if (!standby) run = await prepare();
  let generatedAt = Number.NaN;
  await build({
    outDir,
    // Astro's incremental build cache (experimental.incrementalBuild in astro.config.mjs): beside the
    // releases, so that the next build into this folder finds it. FULL_BUILD=1 renders every page.
    cacheDir,
    force: process.env.FULL_BUILD === '1',
    logLevel: process.env.ASTRO_LOG_LEVEL === 'info' ? 'info' : 'warn',
    integrations: [
      {
        name: 'build-timing',
        hooks: {
          'astro:build:generated': () => {
            generatedAt = performance.now();
          },
        },
      },
      {
        // Between bundling and the first page: where a build started ahead of need waits for the word.
        name: 'standby-gate',
        hooks: {
          'astro:config:setup': ({ updateConfig }) => {
            updateConfig({
              vite: {
                plugins: [
                  {
                    name: 'standby-gate',
                    // After Vite's bundling, before Astro's own (later) post step that renders the pages.
                    buildApp: {
                      order: 'post',
                      handler: async () => {
                        if (run) return;
                        await askedToBuild();
                        run = await prepare();
                      },
                    },
                  },
                ],
              },
            });
          },
        },
      },
    ],
  }).finally(() => run?.restores.stop());
  if (!run) throw new Error('Astro finished without rendering the pages.');
  const { started, astroStarted, fingerprint, previous, plan, restores } = run;
  const astroSeconds = seconds(astroStarted);
  // Prerendering proper: from the first page's data to the last page written (bundling excluded).
  const prerenderSeconds = (generatedAt - (pagesStartedAt() ?? Number.NaN)) / 1000;
  // The feeds' items as they were written (read once per build): say which had to be left out.
  const gaps = feedGapsWarning(await feedProducts(DEFAULT_LOCALE), FEED_GAPS_LOG_MAX);
  if (gaps) console.warn(gaps);
  await closeBuildData();
  const compressStarted = performance.now();
  await restores.settle();
  await endCacheUse(cacheDir);
  const twins = await finishPageTwins();
  const stats = await postBuild(
    join(outDir, 'client'),
    twins.done,
    previous ? join(previous.dir, 'client') : null,
    restores.withTwins,
    restores.stamps,
  );
  await restores.keepTwins();
  if (plan && restores.inBase.size) await writeLowerLayer(outDir, plan.base, restores.inBase, stats.pages);
  const buildId = randomUUID();
  await sealRelease(outDir, buildId, fingerprint);
  const postSeconds = seconds(compressStarted);
  // Every instance's release: in the pages' bucket before it goes live here (page-bucket.ts).
  const pagesBucket = pagesBucketOf(env);
  let uploaded = '';
  if (pagesBucket) {
    const uploadStarted = performance.now();
    const sent = await uploadRelease(pageBucket(pagesBucket), outDir, previous?.dir ?? null);
    uploaded = `uploaded to the pages' bucket in ${seconds(uploadStarted).toFixed(1)} s (${sent.uploaded} of ${sent.files} files changed, ${sent.removed} removed); `;
  }
  await publish(dist, outDir);
  await setCacheRelease(cacheDir, buildId);
  const liveSeconds = seconds(started);
  const pages = stats.pages + restores.inBase.size;
  const pruneStarted = performance.now();
  await prune(dist);
  const total = seconds(started);
  console.log(
    `Built ${pages} pages in ${total.toFixed(1)} s (${(pages / total).toFixed(0)} pages/s overall; ` +
      `${twins.rendered} rendered, the others unchanged from Astro's incremental cache` +
      `${restores.inBase.size ? `, ${restores.inBase.size} of them read from the release before` : ''}): ` +
      `astro ${astroSeconds.toFixed(1)} s, of which prerendering ${prerenderSeconds.toFixed(1)} s ` +
      `(${(pages / prerenderSeconds).toFixed(0)} pages/s with their data), ` +
      `compression ${postSeconds.toFixed(1)} s after it for ${stats.compressed - stats.early} files ` +
      `(${stats.early} pages compressed while rendering, ${stats.reused} unchanged linked with their twins); ` +
      `${uploaded}live at ${liveSeconds.toFixed(1)} s, the release before the last removed in ${seconds(pruneStarted).toFixed(1)} s; ` +
      `${buildCallCount()} API requests; peak memory ${(process.resourceUsage().maxRSS / KB).toFixed(0)} MB; ` +
      `build id ${buildId}.`,
  );
} catch (error) {
  await finishPageTwins();
  await rm(outDir, { recursive: true, force: true });
  throw error;
} finally {
  (run as Run | null)?.lock.release();
}

function askedToBuild(): Promise<void> {
  console.log(STANDBY_READY);
  return new Promise((start) => {
    const stdin = process.stdin;
    stdin.on('data', (chunk: Buffer) => {
      if (!chunk.includes(10)) return;
      stdin.removeAllListeners();
      stdin.destroy();
      process.off('SIGTERM', notNeeded);
      start();
    });
    stdin.on('end', notNeeded);
  });
}

/** A build started ahead of need that is not needed: its bundled release goes, and the folders it made if empty. */
function notNeeded(): never {
  rmSync(outDir, { recursive: true, force: true });
  // Astro makes its cache folder while it bundles (empty until a build has rendered).
  for (const dir of [releasesDir(dist), cacheDir, dist]) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty (other releases, the live link, a cache that holds pages) or already gone.
    }
  }
  process.exit(0);
}
