import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noPhotos } from '../../../src/server/catalog/admin/import-catalog.ts';
import { exportTaxonomy, importTaxonomy, type TaxonomyKind } from '../../../src/server/catalog/admin/taxonomy-csv.ts';
import { dumpCatalog } from '../../helpers/catalog-tool.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

async function exported(kind: TaxonomyKind) {
  const chunks: Buffer[] = [];
  await exportTaxonomy(
    shop.deps.db,
    kind,
    new Writable({
      write(c, _e, done) {
        chunks.push(Buffer.from(c));
        done();
      },
    }),
  );
  return Buffer.concat(chunks).toString('utf8');
}

const load = (kind: TaxonomyKind, text: string, dryRun = false) =>
  importTaxonomy(shop.deps.db, kind, Readable.from([text]), {
    dryRun,
    by: 'tester',
    subject: `${kind}.csv`,
    now: Date.UTC(2026, 10, 22),
    resolveImage: noPhotos,
  });

describe('brands and categories CSV', () => {
  it('exports and imports back with no change', async () => {
    const before = await dumpCatalog(shop.deps.db);
    for (const kind of ['brands', 'categories'] as const) {
      const report = await load(kind, await exported(kind));
      expect(report.problems).toEqual([]);
      expect(report.created).toEqual([]);
      expect(report.updated).toEqual([]);
    }
    expect(await dumpCatalog(shop.deps.db)).toEqual(before);
  });

  it('creates and updates by slug, with a parent category, and refuses bad rows as a whole', async () => {
    const bad = await load('categories', 'slug,name_zh,parent\nBad Slug,x,\nvinyl-care,,nope\n');
    expect(bad.problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [2, 'slug', 'slug_invalid'],
      [3, 'name_zh', 'name_missing'],
      [3, 'parent', 'parent_unknown'],
    ]);
    expect(bad.applied).toBe(false);

    const ok = await load(
      'categories',
      'slug,name_zh,name_en,parent,sort\nvinyl-care,黑膠保養,Vinyl care,turntables,9\nturntables,黑膠唱盤,Turntables,,\n',
    );
    expect(ok.problems).toEqual([]);
    expect(ok.created).toEqual(['vinyl-care']);
    const rows = await shop.deps.db.kysely
      .selectFrom('categories as c')
      .leftJoin('categories as p', 'p.id', 'c.parent_id')
      .select(['c.slug', 'c.name_en', 'c.sort', 'c.image', 'p.slug as parent'])
      .where('c.slug', 'in', ['vinyl-care', 'turntables'])
      .orderBy('c.slug')
      .execute();
    expect(rows[1]).toEqual({ slug: 'vinyl-care', name_en: 'Vinyl care', sort: 9, image: '', parent: 'turntables' });
    // The image column is absent: the stored image stays.
    expect(rows[0]!.image).toMatch(/^\/images\/categories\//);
    expect(await exported('categories')).toContain('vinyl-care,黑膠保養,Vinyl care,,,,9,turntables');
  });
});
