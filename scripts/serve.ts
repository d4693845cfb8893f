/**
 * Serves the built storefront and the shop API on one port (PORT, HOST).
 * Run `npm run build` first, or use `npm start`, which builds when needed. Refuses a build folder
 * without its marker (builds/latest.json, written last): that build did not finish. Rebuilds its pages
 * when the catalog changes (scripts/lib/rebuild-scheduler.ts; REBUILD_CHECK_SECONDS=0 turns it off), or
 * takes the release another instance built from the pages' bucket (PAGES_S3_BUCKET).
 */
import { join, resolve } from 'node:path';
import { createApp } from '../src/server/app.ts';
import { assertServingConfig, createDeps } from '../src/server/deps.ts';
import { readEnv } from '../src/server/env.ts';
import { mediaStoreOf } from '../src/server/media/media-of.ts';
import { registerBuildProbe } from '../src/server/ops/probes.ts';
import { formTargetsOf } from '../src/server/providers/ecpay/config.ts';
import { createSite } from '../src/server/site.ts';
import { pageBucket, pagesBucketOf } from './lib/page-bucket.ts';
import { RebuildScheduler } from './lib/rebuild-scheduler.ts';
import { MARKER, markerId, markerInfo } from './lib/releases.ts';
import { serveShop } from './lib/serve-shop.ts';

const env = readEnv();
assertServingConfig(env);
const clientDir = resolve(env.DIST_DIR, 'client');
if (!markerId(clientDir)) {
  console.error(
    `${clientDir} is not a complete build (${join(clientDir, MARKER)} is missing): ` +
      'run `npm run build` (or `npm start`, which builds when needed), then serve again.',
  );
  process.exit(1);
}
const deps = await createDeps(env);
// This process serves pages: readiness wants a complete live build, and its age is a metric.
registerBuildProbe(() => markerInfo(clientDir));
const site = createSite({
  api: createApp(deps),
  clientDir,
  publicApiBase: env.PUBLIC_API_BASE,
  formTargets: formTargetsOf(env),
  media: mediaStoreOf(env),
  imgSources: env.MEDIA_PUBLIC_BASE ? [new URL(env.MEDIA_PUBLIC_BASE).origin] : [],
  cacheMb: env.PAGE_CACHE_MB,
});
serveShop(deps, env, site.fetch, (port) => {
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  console.log(`Shop ready at http://${host}:${port}/ (database: ${deps.db.dialect})`);
  if (env.REBUILD_CHECK_SECONDS > 0 && !env.API_BASE) {
    const pages = pagesBucketOf(env);
    const schedule = new RebuildScheduler({
      db: deps.db,
      dist: resolve(env.DIST_DIR),
      checkSeconds: env.REBUILD_CHECK_SECONDS,
      bucket: pages ? pageBucket(pages) : null,
      standby: env.REBUILD_STANDBY === '1',
    });
    void schedule
      .start()
      .then(() =>
        console.log(
          `Pages rebuild by themselves when the catalog changes (checked every ${env.REBUILD_CHECK_SECONDS} s).`,
        ),
      );
    process.once('SIGINT', () => void schedule.stop());
    process.once('SIGTERM', () => void schedule.stop());
  }
});
