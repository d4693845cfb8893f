/**
 * `npm start`: builds the shop when there is no complete build (its marker builds/latest.json is
 * missing), when the catalog fingerprint moved since the live build, or with FORCE_BUILD=1; says
 * which it did; then serves it and prints the URL. Holds the build lock from the check to the end
 * of the build, so a second `npm start` in the same folder waits and then serves the first's build.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { catalogFingerprint, closeBuildData } from '../src/lib/api/build.server.ts';
import { readEnv } from '../src/server/env.ts';
import { acquireBuildLock } from './lib/build-lock.ts';
import { installInProcessShop } from './lib/in-process-shop.ts';
import { liveBuild } from './lib/releases.ts';

installInProcessShop();

const dist = resolve(readEnv().DIST_DIR);
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
