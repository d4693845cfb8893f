/**
 * `npm run rebuild`: prerenders the site again when the catalog changed (GET /api/catalog/fingerprint
 * differs from the live build's fingerprint.json; FORCE=1 rebuilds anyway). The build script writes a
 * fresh release and swaps it in with one rename of a symbolic link when complete, so the running
 * server never sees half a build; it drops its cache when builds/latest.json changes, and open tabs
 * notice the new build id within the hourly check. Two releases are kept.
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
  console.log(`Another build (process ${pid ?? '?'}) is running here; waiting for it...`),
);
const { fingerprint } = await catalogFingerprint();
await closeBuildData();
const previous = liveBuild(dist);
if (fingerprint === previous?.fingerprint && process.env.FORCE !== '1') {
  console.log(`Catalog unchanged (fingerprint ${fingerprint}); nothing to rebuild.`);
  lock.release();
  process.exit(0);
}
console.log(`Catalog fingerprint ${previous?.fingerprint ?? 'none'} → ${fingerprint}: rebuilding.`);
const built = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
lock.release();
if (built.status !== 0) {
  console.error('Rebuild failed; the live site is unchanged.');
  process.exit(built.status ?? 1);
}
const live = liveBuild(dist);
console.log(`Live site now serves ${live?.dir}, build id ${live?.buildId}.`);
