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
// Password hashing at a test cost, as the API tests have it: at the production cost (N = 2^17, 128 MiB)
// one sign-in is about 0.35 s of CPU on a quiet machine and several seconds on a busy one, longer than
// the browser tests' 7 s wait for the server's answer. The production cost has its own API test
// (users-passwords.test.ts).
process.env.SCRYPT_LOG_N ??= '12';
// The tests' edits must not rebuild the pages the other tests read (a test that wants it sets it).
process.env.REBUILD_CHECK_SECONDS ??= '0';
await import('./serve.ts');
