/**
 * A large synthetic catalogue for the build benchmark, on its own embedded database file (never the
 * shop's): the demo shop, then numbered copies of its products (with their variants, images and
 * both languages) until there are `products` of them. Run alone: `node scripts/synthetic-catalog.ts
 * [file] [products]` (defaults data/synthetic-10k.sqlite, 10000).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { openDb } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seed } from '../src/server/seed/seed.ts';

export const SYNTHETIC_FILE = 'data/synthetic-10k.sqlite';
export const SYNTHETIC_PRODUCTS = 10_000;

/** Creates (or tops up) the synthetic catalogue at `file`; returns how many products it holds. */
export async function makeSyntheticCatalog(file: string, products: number): Promise<number> {
  const db = openDb({ sqlitePath: file });
  try {
    await migrate(db);
    await seed(db, { logN: 10 });
    const k = db.kysely;
    await k.transaction().execute(async (trx) => {
      const count = async () =>
        Number((await sql<{ n: number }>`SELECT count(*) AS n FROM products`.execute(trx)).rows[0]?.n ?? 0);
      const originals = await count();
      const missing = products - originals;
      if (missing <= 0) return;
      const copies = Math.ceil(missing / originals);
      // Copy k of product p gets the slug `<p.slug>-s<k>`, a name that says which copy it is, and a
      // creation time k minutes earlier, so that every copy sorts and pages like a product of its own.
      await sql`
        WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ${copies})
        INSERT INTO products (uid, slug, brand_id, category_id, name_zh, name_en, summary_zh, summary_en,
          description_zh, description_en, specs, price, compare_at_price, stock, created_at, updated_at)
        SELECT lower(hex(randomblob(16))), p.slug || '-s' || n.k, p.brand_id, p.category_id,
          p.name_zh || ' 第 ' || n.k || ' 版', p.name_en || ' edition ' || n.k, p.summary_zh, p.summary_en,
          p.description_zh, p.description_en, p.specs, p.price, p.compare_at_price, p.stock,
          p.created_at - n.k * 60000, p.updated_at
        FROM n CROSS JOIN products p
        WHERE p.id <= (SELECT max(id) FROM products)
        ORDER BY n.k, p.id
        LIMIT ${missing}
      `.execute(trx);
      await sql`
        INSERT INTO variants (product_id, sku, option_name_zh, option_name_en, option_value_zh, option_value_en,
          price, compare_at_price, stock, sort)
        SELECT c.id, v.sku || substr(c.slug, length(o.slug) + 1), v.option_name_zh, v.option_name_en,
          v.option_value_zh, v.option_value_en, v.price, v.compare_at_price, v.stock, v.sort
        FROM products c
        JOIN products o ON c.slug LIKE o.slug || '-s%' AND o.id <= ${originals}
          AND substr(c.slug, length(o.slug) + 3) GLOB '[0-9]*' AND substr(c.slug, length(o.slug) + 3) NOT GLOB '*[^0-9]*'
        JOIN variants v ON v.product_id = o.id
        WHERE c.id > ${originals}
      `.execute(trx);
      await sql`
        INSERT INTO product_images (product_id, src, width, height, alt_zh, alt_en, sort)
        SELECT c.id, i.src, i.width, i.height, i.alt_zh, i.alt_en, i.sort
        FROM products c
        JOIN products o ON c.slug LIKE o.slug || '-s%' AND o.id <= ${originals}
          AND substr(c.slug, length(o.slug) + 3) GLOB '[0-9]*' AND substr(c.slug, length(o.slug) + 3) NOT GLOB '*[^0-9]*'
        JOIN product_images i ON i.product_id = o.id
        WHERE c.id > ${originals}
      `.execute(trx);
    });
    return Number((await sql<{ n: number }>`SELECT count(*) AS n FROM products`.execute(k)).rows[0]?.n ?? Number.NaN);
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  const file = resolve(process.argv[2] ?? SYNTHETIC_FILE);
  const wanted = Number(process.argv[3] ?? SYNTHETIC_PRODUCTS);
  const existed = existsSync(file);
  const started = performance.now();
  const n = await makeSyntheticCatalog(file, wanted);
  console.log(
    `${existed ? 'Topped up' : 'Created'} ${file}: ${n} products in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}
