/**
 * The shop API in the build's own process, for the pages' data (src/lib/api/build-source.ts): the
 * same Hono app and database as `npm start` serves, opened on the first request. Installed by every
 * script that builds or reads build data, unless API_BASE points the build at a running shop.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type BuildSource, setBuildSource } from '../../src/lib/api/build-source.ts';
import { createApp } from '../../src/server/app.ts';
import { catalogVersions } from '../../src/server/catalog/page-versions.ts';
import { productAnswer } from '../../src/server/catalog/product-detail.ts';
import { log } from '../../src/server/common/log.ts';
import { createDeps } from '../../src/server/deps.ts';

const SERVER_CODE = resolve('src/server');

/** A digest of every file of the shop's server code (its names and bytes, in order). */
export function serverCodeVersion(dir = SERVER_CODE): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file.slice(dir.length)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('base64url').slice(0, 22);
}

async function open(): Promise<BuildSource> {
  // The build's own requests (tens of thousands for a large catalogue) are not the shop's traffic:
  // only warnings and errors while it is open, unless LOG_LEVEL says otherwise. Closing it gives the
  // process its own level back: `npm start` serves the shop next, and logs as `npm run serve` does.
  const level = log.level;
  if (!process.env.LOG_LEVEL) log.level = 'warn';
  const deps = await createDeps().catch((err: unknown) => {
    log.level = level;
    throw err;
  });
  const app = createApp(deps);
  return {
    fetch: async (request) => app.fetch(request),
    catalogVersions: () => catalogVersions(deps.db),
    product: (locale, slug) => productAnswer(deps.db, slug, locale),
    close: async () => {
      try {
        await deps.db.close();
      } finally {
        log.level = level;
      }
    },
    version: serverCodeVersion(),
  };
}

/** The pages' data from the shop in this process (nothing when API_BASE names a running one). */
export function installInProcessShop(): void {
  if (!process.env.API_BASE) setBuildSource(open);
}
