/**
 * `npm start`: builds the shop when there is no complete build (its marker builds/latest.json is
 * missing), when the catalog fingerprint moved since the live build, or with FORCE_BUILD=1; says
 * which it did; then serves it and prints the URL. Holds the build lock from the check to the end
 * of the build, so a second `npm start` in the same folder waits and then serves the first's build.
 * With a pages' bucket (PAGES_S3_BUCKET) it first takes the release the bucket names, when newer.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { catalogFingerprint, closeBuildData } from '../src/lib/api/build.server.ts';
import { readEnv } from '../src/server/env.ts';
import { acquireBuildLock } from './lib/build-lock.ts';
import { installInProcessShop } from './lib/in-process-shop.ts';
import { pageBucket, pagesBucketOf, pullRelease } from './lib/page-bucket.ts';
import { liveBuild } from './lib/releases.ts';

installInProcessShop();

const env = readEnv();
const dist = resolve(env.DIST_DIR);
// Another instance's build in the pages' bucket is taken, not rendered again here.
const pages = pagesBucketOf(env);
if (pages) {
  try {
    const pulled = await pullRelease(dist, pageBucket(pages));
    if (pulled.result === 'pulled')
      console.log(
        `Took build ${pulled.id} from the pages' bucket (${pulled.downloaded} files downloaded, ${pulled.linked} unchanged linked).`,
      );
  } catch (error) {
    console.log(
      `Could not take the pages' release from the bucket (${error instanceof Error ? error.message : String(error)}); going on with this folder.`,
    );
  }
}
const lock = await acquireBuildLock(dist, (pid) =>
  console.log(`Another start or build (process ${pid ?? '?'}) is building the shop here; waiting for it...`),
);
try {
  const live = liveBuild(dist);
  const { fingerprint } = await catalogFingerprint();
  await closeBuildData();
  const why = !live
    ? 'no complete build yet'
    : process.env.FORCE_BUILD === '1'
      ? 'FORCE_BUILD=1'
      : live.fingerprint !== fingerprint
        ? `the catalog changed (fingerprint ${live.fingerprint} → ${fingerprint})`
        : null;
  if (why) {
    console.log(`Building the shop (${why})...`);
    const r = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
    if (r.status !== 0) {
      console.error('The build failed; see above. Nothing was put live.');
      lock.release();
      process.exit(r.status ?? 1);
    }
  } else {
    console.log(
      `Build ${live?.buildId} is complete and matches the catalog (fingerprint ${fingerprint}): not rebuilding.`,
    );
  }
} finally {
  lock.release();
}
await import('./serve.ts');
