/**
 * `npm run rebuild`: prerenders the site again when the catalog changed (GET /api/catalog/fingerprint
 * differs from dist/fingerprint.json; FORCE=1 rebuilds anyway). The new build goes to
 * dist/releases/<id>/ and then replaces the live dist/client in one rename of a symbolic link, so the
 * running server never sees half a build; it drops its cache when builds/latest.json changes, and
 * open tabs notice the new build id within the hourly check. Two releases are kept.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { catalogFingerprint, closeBuildData } from '../src/lib/api/build.server.ts';
import { FINGERPRINT_FILE } from './lib/post-build.ts';

const DIST = resolve('dist');
const LIVE = join(DIST, 'client');
const RELEASES = join(DIST, 'releases');
/** Releases kept on disk: the live one and the one before it (for a quick manual rollback). */
const KEEP_RELEASES = 2;
/** Sorts before every timestamped release, so it is pruned first. */
const INITIAL = '0-initial';

function lastFingerprint(): string | null {
  try {
    return (
      (JSON.parse(readFileSync(join(DIST, FINGERPRINT_FILE), 'utf8')) as { fingerprint?: string }).fingerprint ?? null
    );
  } catch {
    return null;
  }
}

const { fingerprint } = await catalogFingerprint();
await closeBuildData();
const previous = lastFingerprint();
if (fingerprint === previous && existsSync(LIVE) && process.env.FORCE !== '1') {
  console.log(`Catalog unchanged (fingerprint ${fingerprint}); nothing to rebuild.`);
  process.exit(0);
}
console.log(`Catalog fingerprint ${previous ?? 'none'} → ${fingerprint}: rebuilding.`);

const id = new Date().toISOString().replace(/[-:.TZ]/g, '');
const outDir = join(RELEASES, id);
const built = spawnSync(process.execPath, ['scripts/build.ts'], {
  stdio: 'inherit',
  env: { ...process.env, OUT_DIR: outDir },
});
if (built.status !== 0) {
  await rm(outDir, { recursive: true, force: true });
  console.error('Rebuild failed; the live site is unchanged.');
  process.exit(built.status ?? 1);
}

// The first rebuild turns the plain dist/client of `npm run build` into a release of its own.
if (existsSync(LIVE) && !lstatSync(LIVE).isSymbolicLink()) {
  const first = join(RELEASES, INITIAL);
  await rm(first, { recursive: true, force: true });
  await mkdir(first, { recursive: true });
  await rename(LIVE, join(first, 'client'));
  await symlink(join('releases', INITIAL, 'client'), LIVE, 'dir');
}
const next = `${LIVE}.next`;
await rm(next, { force: true });
// Relative targets keep dist/ movable.
await symlink(join('releases', id, 'client'), next, 'dir');
await rename(next, LIVE);
await writeFile(join(DIST, FINGERPRINT_FILE), readFileSync(join(outDir, FINGERPRINT_FILE)));

const releases = (await readdir(RELEASES)).sort().reverse();
for (const old of releases.slice(KEEP_RELEASES)) await rm(join(RELEASES, old), { recursive: true, force: true });
const { id: buildId } = JSON.parse(readFileSync(join(LIVE, 'builds/latest.json'), 'utf8')) as { id: string };
console.log(`Live site now serves release ${id}, build id ${buildId}.`);
