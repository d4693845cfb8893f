/** Serves the built site on a fresh copy of the embedded database for the end-to-end tests. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// E2E_SQLITE_PATH (set by playwright.config.ts) lets the tests open the same database: emptied first.
const given = process.env.E2E_SQLITE_PATH;
if (given) {
  rmSync(dirname(given), { recursive: true, force: true });
  mkdirSync(dirname(given), { recursive: true });
}
process.env.SQLITE_PATH = given ?? join(mkdtempSync(join(tmpdir(), 'shop-e2e-')), 'shop.sqlite');
delete process.env.DATABASE_URL;
// The tests' edits must not rebuild the pages the other tests read (a test that wants it sets it).
process.env.REBUILD_CHECK_SECONDS ??= '0';
await import('./serve.ts');
