/**
 * `npm run build`: migrate and seed the embedded database when empty, prerender every page with
 * Astro (data from the shop API: in process, or API_BASE over HTTP, each fetched once), then write
 * builds/latest.json and the precompressed (.br, .gz) twins of text assets.
 * `OUT_DIR` builds somewhere else than dist/ (the rebuild script builds beside the live site). The
 * catalog fingerprint the pages were made from goes to <outDir>/fingerprint.json.
 */

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'astro';
import { buildCallCount, catalogFingerprint, closeBuildData, pagesStartedAt } from '../src/lib/api/build.server.ts';
import { openDb } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seed } from '../src/server/db/seed.ts';
import { readEnv } from '../src/server/env.ts';
import { FINGERPRINT_FILE, postBuild } from './lib/post-build.ts';

const env = readEnv();
const outDir = process.env.OUT_DIR ?? 'dist';
const KB = 1024;
const seconds = (from: number) => (performance.now() - from) / 1000;

const started = performance.now();
if (!env.API_BASE) {
  const db = openDb({ sqlitePath: env.SQLITE_PATH, databaseUrl: env.DATABASE_URL });
  await migrate(db);
  if (db.dialect === 'sqlite') await seed(db);
  await db.close();
}
const { fingerprint } = await catalogFingerprint();
const astroStarted = performance.now();
let generatedAt = Number.NaN;
await build({
  outDir,
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
  ],
});
const astroSeconds = seconds(astroStarted);
// Prerendering proper: from the first page's data to the last page written (bundling excluded).
const prerenderSeconds = (generatedAt - (pagesStartedAt() ?? Number.NaN)) / 1000;
await closeBuildData();
const compressStarted = performance.now();
const stats = await postBuild(`${outDir}/client`);
await writeFile(join(outDir, FINGERPRINT_FILE), JSON.stringify({ fingerprint, buildId: stats.buildId }));
const total = seconds(started);
console.log(
  `Built ${stats.pages} pages in ${total.toFixed(1)} s (${(stats.pages / total).toFixed(0)} pages/s overall): ` +
    `astro ${astroSeconds.toFixed(1)} s, of which prerendering ${prerenderSeconds.toFixed(1)} s ` +
    `(${(stats.pages / prerenderSeconds).toFixed(0)} pages/s with their data), ` +
    `compression ${seconds(compressStarted).toFixed(1)} s for ${stats.compressed} files; ` +
    `${buildCallCount()} API requests; peak memory ${(process.resourceUsage().maxRSS / KB).toFixed(0)} MB; ` +
    `build id ${stats.buildId}.`,
);
