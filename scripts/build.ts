/**
 * `npm run build`: migrate and seed the embedded database when empty, prerender every page with
 * Astro, then write builds/latest.json and the precompressed (.br, .gz) twins of text assets.
 */
import { build } from 'astro';
import { openDb } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seed } from '../src/server/db/seed.ts';
import { readEnv } from '../src/server/env.ts';
import { postBuild } from './lib/post-build.ts';

const env = readEnv();
const started = performance.now();
if (!env.API_BASE) {
  const db = openDb({ sqlitePath: env.SQLITE_PATH, databaseUrl: env.DATABASE_URL });
  await migrate(db);
  if (db.dialect === 'sqlite') await seed(db);
  await db.close();
}
await build({ logLevel: process.env.ASTRO_LOG_LEVEL === 'info' ? 'info' : 'warn' });
const stats = await postBuild('dist/client');
const seconds = (performance.now() - started) / 1000;
console.log(
  `Built ${stats.pages} pages in ${seconds.toFixed(1)} s (${(stats.pages / seconds).toFixed(0)} pages/s), ` +
    `compressed ${stats.compressed} files; build id ${stats.buildId}.`,
);
