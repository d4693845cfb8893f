/** Serves the built site on a fresh copy of the embedded database for the end-to-end tests. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.SQLITE_PATH = join(mkdtempSync(join(tmpdir(), 'shop-e2e-')), 'shop.sqlite');
delete process.env.DATABASE_URL;
await import('./serve.ts');
