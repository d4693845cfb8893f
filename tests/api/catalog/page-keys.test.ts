import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installInProcessShop, serverCodeVersion } from '../../../scripts/lib/in-process-shop.ts';
import type { Locale } from '../../../src/config.ts';
import { laterListingPaths, listingCards, listingPaths } from '../../../src/features/catalog/listing-paths.server.ts';
import { productPaths } from '../../../src/features/catalog/product-paths.server.ts';
import {
  allProducts,
  closeBuildData,
  forgetBuildData,
  productForPages,
  productRoutes,
  products,
  serverVersion,
} from '../../../src/lib/api/build.server.ts';
import { buildSourceOpener, setBuildOutput } from '../../../src/lib/api/build-source.ts';
import { getProduct } from '../../../src/lib/api/catalog.ts';
import { createApiClient } from '../../../src/lib/api/client.ts';
import { forgetSiteDigests, keyedLocaleParams } from '../../../src/lib/api/page-keys.server.ts';
import { runEdit } from '../../../src/server/catalog/admin/edits.ts';
import { relatedIds } from '../../../src/server/catalog/page-versions.ts';
import { openDb } from '../../../src/server/db/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { seed } from '../../../src/server/seed/seed.ts';

// The build's data comes from the in-process API on the embedded file (as `npm run build` without API_BASE).
const dir = mkdtempSync(join(tmpdir(), 'page-keys-'));
process.env.SQLITE_PATH = join(dir, 'shop.sqlite');
delete process.env.DATABASE_URL;
delete process.env.API_BASE;
installInProcessShop();
// Each test keys every page of the demo shop before and after an edit (every product's related
// products, every listing's cards): a few seconds on a quiet machine, several times that on a busy one.
vi.setConfig({ testTimeout: 180_000 });
const db = openDb({ sqlitePath: process.env.SQLITE_PATH });

beforeAll(async () => {
  await migrate(db);
  await seed(db, { logN: 12 });
});
afterAll(async () => {
  await closeBuildData();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const LOCALES: Locale[] = ['zh-TW', 'en'];

/** Later listing pages keyed by the products they show from the database (listing-paths.server.ts), in the last `keys()`. */
let keyedFromDatabase = 0;

/** Every keyed page of the catalog with its cache key, as the build's getStaticPaths gives them. */
async function keys(): Promise<Map<string, { key: string; shows: string[] }>> {
  forgetBuildData();
  forgetSiteDigests();
  keyedFromDatabase = 0;
  const out = new Map<string, { key: string; shows: string[] }>();
  for (const locale of LOCALES) {
    for (const via of ['brand', 'category'] as const) {
      for (const p of await productPaths(via, locale)) {
        const detail = await productForPages(locale, p.props.slug);
        out.set(`${locale} ${via} ${p.params.name}/${p.params.slug}`, {
          key: p.cacheKey,
          shows: [detail.slug, ...detail.related.map((r) => r.slug)],
        });
      }
      for (const l of [...(await listingPaths(via, locale)), ...(await laterListingPaths(via, locale))]) {
        // A later page keyed from the database loads its cards when rendered: what it shows is those.
        if (l.props.page > 1 && !l.props.list) keyedFromDatabase++;
        out.set(`${locale} ${via} list ${l.params.name} ${l.props.page}`, {
          key: l.cacheKey,
          shows: (await listingCards({ ...l.props, locale })).data.map((p) => p.slug),
        });
      }
    }
  }
  const home = await keyedLocaleParams((locale) => products(locale, { page: 1, pageSize: 8, sort: 'newest' }));
  for (const h of home) out.set(`${h.props.locale} home`, { key: h.cacheKey, shows: [] });
  return out;
}

describe('cache keys of the prerendered pages', () => {
  it('choose the related products of every product page as the page does', async () => {
    const rows = await db.kysely.selectFrom('products').selectAll().where('withdrawn_at', 'is', null).execute();
    const related = relatedIds(rows.map((p) => ({ ...p, stock: Number(p.stock), created_at: Number(p.created_at) })));
    const slugOf = new Map(rows.map((p) => [p.id, p.slug]));
    expect(rows.length).toBeGreaterThan(100);
    for (const p of rows) {
      const detail = await productForPages('zh-TW', p.slug);
      expect(
        (related.get(p.id) ?? []).map((id) => slugOf.get(id)),
        p.slug,
      ).toEqual(detail.related.map((r) => r.slug));
    }
  });

  it('give every product the route its summary gives, newest first, read with the versions instead of the summaries', async () => {
    forgetBuildData();
    const route = (p: { slug: string; brand: { slug: string }; category: { slug: string } }) =>
      `${p.brand.slug} ${p.category.slug} ${p.slug}`;
    for (const locale of LOCALES) {
      const routes = await productRoutes(locale);
      expect(routes.length).toBeGreaterThan(100);
      // Not the summaries themselves: the in-process shop's one read of the catalogue.
      expect(routes).not.toBe(await allProducts(locale));
      expect(routes.map(route)).toEqual((await allProducts(locale)).map(route));
    }
    // A withdrawn product has no route, as it has no summary.
    const { slug } = await db.kysely.selectFrom('products').select('slug').orderBy('id').executeTakeFirstOrThrow();
    const edit = (command: 'withdraw' | 'publish') =>
      runEdit(db, { command, args: [slug], file: undefined, by: 'test', limit: 1, locale: 'en' });
    await edit('withdraw');
    try {
      forgetBuildData();
      const after = (await productRoutes('en')).map(route);
      expect(after.some((r) => r.endsWith(` ${slug}`))).toBe(false);
      expect(after).toEqual((await allProducts('en')).map(route));
    } finally {
      await edit('publish');
      forgetBuildData();
    }
  });

  it('a price change moves the keys of the pages that show the product, and no other page', async () => {
    const before = await keys();
    const [sku, slug] = ['JBL-FLIP7-BLA', 'jbl-flip-7'];
    expect([...before.values()].some((v) => v.shows.includes(slug))).toBe(true);
    await runEdit(db, { command: 'price', args: [sku, '3990'], file: undefined, by: 'test', limit: 1, locale: 'en' });
    const after = await keys();
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const moved = [...after].filter(([path, v]) => before.get(path)?.key !== v.key).map(([path]) => path);
    const showing = [...before].filter(([, v]) => v.shows.includes(slug)).map(([path]) => path);
    // Its product pages in both languages under brand and category, and its listings, at least.
    expect(moved.filter((p) => p.endsWith(`/${slug}`))).toHaveLength(4);
    expect(moved.some((p) => p.includes(' brand list jbl '))).toBe(true);
    // Everything that moved shows the product (the home page lists the newest products).
    expect(moved.filter((p) => !p.endsWith(' home')).sort()).toEqual(showing.sort());
    // Later listing pages were keyed from the database, and only those showing the product moved.
    expect(keyedFromDatabase).toBeGreaterThan(0);
    const unchanged = [...after.keys()].filter((p) => !moved.includes(p));
    expect(unchanged.length).toBeGreaterThan(moved.length);
  });

  it('a sold-out product moves down the related products of others, and their pages move with it', async () => {
    const before = await keys();
    await runEdit(db, {
      command: 'stock',
      args: ['JBL-FLIP7-BLA', '0'],
      file: undefined,
      by: 'test',
      limit: 1,
      locale: 'en',
    });
    await runEdit(db, {
      command: 'stock',
      args: ['JBL-FLIP7-BLU', '0'],
      file: undefined,
      by: 'test',
      limit: 1,
      locale: 'en',
    });
    const after = await keys();
    const moved = [...after].filter(([path, v]) => before.get(path)?.key !== v.key).map(([path]) => path);
    // Every page whose related products changed, or that showed the product, moved.
    const changed = [...after]
      .filter(
        ([path, v]) =>
          before.get(path)!.shows.join() !== v.shows.join() || before.get(path)!.shows.includes('jbl-flip-7'),
      )
      .map(([path]) => path);
    expect(changed.length).toBeGreaterThan(4);
    for (const path of changed) expect(moved, path).toContain(path);
  });

  it('a change to what every page shows (a brand name in the menus) moves every key', async () => {
    const before = await keys();
    await db.kysely
      .updateTable('brands')
      .set({ name_en: 'JBL Audio', updated_at: Date.now() })
      .where('slug', '=', 'jbl')
      .execute();
    const after = await keys();
    const unmoved = [...after].filter(([path, v]) => path.startsWith('en') && before.get(path)?.key === v.key);
    expect(unmoved).toEqual([]);
  });

  it("every key holds the version of the shop's server code that answered (new code renders every page)", async () => {
    const code = mkdtempSync(join(dir, 'server-'));
    mkdirSync(join(code, 'catalog'));
    writeFileSync(join(code, 'catalog/product-detail.ts'), 'export const a = 1;');
    const first = serverCodeVersion(code);
    expect(serverCodeVersion(code)).toBe(first);
    writeFileSync(join(code, 'catalog/product-detail.ts'), 'export const a = 2;');
    expect(serverCodeVersion(code)).not.toBe(first);
    expect(await serverVersion()).toBe(serverCodeVersion());
  });

  it('every key holds the settings the pages show: the installments contract and the return period', async () => {
    // Stubbed in place (a replaced process.env is a plain object: Node stops rereading TZ from it).
    const settings = { ECPAY_INSTALLMENTS: '3,6', RETURN_WINDOW_DAYS: '10' };
    try {
      for (const name of Object.keys(settings)) vi.stubEnv(name, undefined);
      const before = await keys();
      expect(await keys()).toEqual(before);
      for (const [name, value] of Object.entries(settings)) {
        vi.stubEnv(name, value);
        const after = await keys();
        const unmoved = [...after].filter(([path, v]) => before.get(path)?.key === v.key);
        expect(unmoved, name).toEqual([]);
        vi.stubEnv(name, undefined);
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("every key holds the names of the browser's files (a page restored from the cache names only files the release has)", async () => {
    const client = mkdtempSync(join(dir, 'client-'));
    mkdirSync(join(client, '_astro'));
    writeFileSync(join(client, '_astro/runtime.Ab12.js'), '');
    setBuildOutput(client);
    try {
      const before = await keys();
      expect(await keys()).toEqual(before);
      rmSync(join(client, '_astro/runtime.Ab12.js'));
      writeFileSync(join(client, '_astro/runtime.Cd34.js'), '');
      const after = await keys();
      const unmoved = [...after].filter(([path, v]) => before.get(path)?.key === v.key);
      expect(unmoved).toEqual([]);
    } finally {
      setBuildOutput(undefined);
    }
  });

  it('read each product as the API answers it (the service the route calls, keys camelCased as the client does)', async () => {
    const source = await buildSourceOpener()!();
    try {
      for (const locale of ['zh-TW', 'en'] as Locale[]) {
        const api = createApiClient({
          baseURL: 'http://shop.internal',
          getLocale: () => locale,
          fetch: (input, init) => source.fetch(new Request(input, init)),
        });
        const routes = await productRoutes(locale);
        expect(routes.length).toBeGreaterThan(10);
        for (const p of routes)
          expect(await productForPages(locale, p.slug), p.slug).toEqual(await getProduct(api, p.slug));
      }
    } finally {
      await source.close();
    }
  });
});
