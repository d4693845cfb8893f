import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { runEdit } from '../../src/server/catalog/admin/edits.ts';
import { exportCatalog } from '../../src/server/catalog/admin/export-catalog.ts';
import { type ImportOptions, importCatalog, noPhotos } from '../../src/server/catalog/admin/import-catalog.ts';
import type { Db } from '../../src/server/db/index.ts';

export const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', 'catalog', name);

/** Imports a fixture file (or CSV text) as `npm run catalog -- import` does. */
export function importFile(db: Db, file: string | { text: string }, opts: Partial<ImportOptions> = {}) {
  const input = typeof file === 'string' ? createReadStream(fixture(file)) : Readable.from([file.text]);
  return importCatalog(db, input, {
    dryRun: false,
    withdrawMissing: false,
    by: 'tester',
    subject: typeof file === 'string' ? file : 'inline.csv',
    now: Date.UTC(2026, 10, 22),
    resolveImage: noPhotos,
    ...opts,
  });
}

/** The whole catalogue exported as CSV text. */
export async function exportText(db: Db): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  await exportCatalog(db, sink);
  return Buffer.concat(chunks).toString('utf8');
}

/** Every catalogue row, to compare before and after. */
export async function dumpCatalog(db: Db) {
  const k = db.kysely;
  return {
    brands: await k.selectFrom('brands').selectAll().orderBy('id').execute(),
    categories: await k.selectFrom('categories').selectAll().orderBy('id').execute(),
    links: await k.selectFrom('brand_categories').selectAll().orderBy('brand_id').orderBy('category_id').execute(),
    products: await k.selectFrom('products').selectAll().orderBy('id').execute(),
    variants: await k.selectFrom('variants').selectAll().orderBy('id').execute(),
    images: await k.selectFrom('product_images').selectAll().orderBy('id').execute(),
  };
}

/** An owner's price edit of one variant, as `npm run catalog -- price` makes it. */
export const editPrice = (db: Db, sku: string, price: number, now?: number) =>
  runEdit(db, {
    command: 'price',
    args: [sku, String(price)],
    file: undefined,
    by: 'test',
    limit: 1,
    locale: 'en',
    now,
  });
