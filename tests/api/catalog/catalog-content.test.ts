import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOG_CACHE_MS, invalidateCatalogCache } from '../../../src/server/catalog/http-cache.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, expectPaged, okResult } from '../../helpers/wire-asserts.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const db = () => shop.deps.db.kysely;
const get = (path: string, lang = 'zh-TW', headers?: Record<string, string>) =>
  shop.call('GET', path, { lang, ...(headers ? { headers } : {}) });

describe('articles', () => {
  it('pages the articles newest first, localized', async () => {
    const rows = await db()
      .selectFrom('articles')
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const zh = okResult(await get('/api/articles'));
    expectPaged(zh, rows.length, 1, 12);
    expect(zh.data.map((a: { slug: string }) => a.slug)).toEqual(rows.slice(0, 12).map((r) => r.slug));
    const top = rows[0]!;
    expect(zh.data[0]).toEqual({
      id: top.id,
      uid: top.uid,
      slug: top.slug,
      title: top.title_zh,
      excerpt: top.excerpt_zh,
      image: { src: top.image, width: top.image_width, height: top.image_height, alt: top.title_zh },
      published_at: new Date(top.published_at).toISOString(),
    });
    const en = okResult(await get('/api/articles?page=2&page_size=5', 'en'));
    expectPaged(en, rows.length, 2, 5);
    expect(en.data[0].title).toBe(rows[5]!.title_en);
  });

  it('gives one article with its body', async () => {
    const row = await db().selectFrom('articles').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const zh = okResult(await get(`/api/articles/${row.slug}`));
    const en = okResult(await get(`/api/articles/${row.slug}`, 'en'));
    expect(zh).toMatchObject({ slug: row.slug, title: row.title_zh, body: row.body_zh });
    expect(zh.updated_at).toBe(new Date(row.updated_at).toISOString());
    expect(en.body).toBe(row.body_en);
    expect(zh.body).toContain('\n\n## ');
  });

  it('refuses bad paging, unknown keys and unknown slugs', async () => {
    const r = await get('/api/articles?page=x', 'en');
    expectFailure(r, 400, 'VALIDATION_FAILED');
    expect(Object.keys(r.json.errors)).toEqual(['page']);
    expectFailure(await get('/api/articles?limit=3'), 400, 'UNKNOWN_FIELD');
    expectFailure(await get('/api/articles/no-such-article'), 404, 'NOT_FOUND');
  });
});

describe('HTTP caching of catalogue reads', () => {
  it('sends a short public max-age and an ETag that answers 304', async () => {
    const first = await get('/api/product-brands/all');
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get('/api/product-brands/all', 'zh-TW', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    const other = await get('/api/product-brands/all', 'en', { 'if-none-match': etag! });
    expect(other.status).toBe(200);
    expect(other.headers.get('vary')).toContain('Accept-Language');
  });

  it('is not public when the request carries credentials', async () => {
    const r = await shop.call('GET', '/api/product-brands/all', { token: 'some-token' });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('never caches failures', async () => {
    const r = await get('/api/products/no-such-product');
    expect(r.headers.get('cache-control')).not.toContain('public');
  });

  it('reuses rendered answers outside tests until invalidated', async () => {
    const cached = await createTestShop({ seeded: true, env: { NODE_ENV: 'development' } });
    try {
      const slug = 'sony-wh-1000xm6';
      const before = (await cached.call('GET', `/api/products/${slug}`)).json.result.stock;
      const row = await cached.deps.db.kysely
        .selectFrom('products')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow();
      await cached.deps.db.kysely
        .updateTable('products')
        .set({ stock: before + 7 })
        .where('id', '=', row.id)
        .execute();
      invalidateCatalogCache(cached.deps);
      expect((await cached.call('GET', `/api/products/${slug}`)).json.result.stock).toBe(before + 7);
    } finally {
      await cached.close();
    }
  });
});

describe('catalog fingerprint', () => {
  it('answers the fingerprint with an ETag and 304 on a match', async () => {
    const r = await get('/api/catalog/fingerprint');
    const result = okResult(r);
    expect(Object.keys(result).sort()).toEqual(['fingerprint', 'updated_at']);
    expect(r.headers.get('etag')).toBe(`"${result.fingerprint}"`);
    const max = await db()
      .selectFrom('products')
      .select((eb) => eb.fn.max('updated_at').as('u'))
      .executeTakeFirstOrThrow();
    expect(new Date(result.updated_at).getTime()).toBeGreaterThanOrEqual(Number(max.u));
    const same = await get('/api/catalog/fingerprint', 'en', { 'if-none-match': `"${result.fingerprint}"` });
    expect(same.status).toBe(304);
    expectFailure(await get('/api/catalog/fingerprint?x=1'), 400, 'UNKNOWN_FIELD');
  });

  it('changes when the catalogue changes', async () => {
    const before = okResult(await get('/api/catalog/fingerprint'));
    const row = await db().selectFrom('products').select(['id', 'updated_at']).orderBy('id').executeTakeFirstOrThrow();
    const later = shop.clock.now() + 1000;
    await db().updateTable('products').set({ updated_at: later }).where('id', '=', row.id).execute();
    const after = okResult(await get('/api/catalog/fingerprint'));
    expect(after.fingerprint).not.toBe(before.fingerprint);
    expect(after.updated_at).toBe(new Date(later).toISOString());
    await db().updateTable('sys_vars').set({ data: 'changed' }).where('code', '=', 'addr').execute();
    expect(okResult(await get('/api/catalog/fingerprint')).fingerprint).not.toBe(after.fingerprint);
    const stale = await get('/api/catalog/fingerprint', 'zh-TW', { 'if-none-match': `"${before.fingerprint}"` });
    expect(stale.status).toBe(200);
  });
});

describe('catalog fingerprint outside tests', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is read from the database at most once a second, and after that second shows a change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cached = await createTestShop({ seeded: true, env: { NODE_ENV: 'development' } });
    try {
      const read = async () => okResult(await cached.call('GET', '/api/catalog/fingerprint')).fingerprint as string;
      const before = await read();
      const row = await cached.deps.db.kysely
        .selectFrom('products')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await cached.deps.db.kysely
        .updateTable('products')
        .set({ updated_at: Date.now() + 60_000 })
        .where('id', '=', row.id)
        .execute();
      // Within the second: the answer read before, not a new read.
      vi.setSystemTime(Date.now() + CATALOG_CACHE_MS - 1);
      expect(await read()).toBe(before);
      vi.setSystemTime(Date.now() + 2);
      expect(await read()).not.toBe(before);
    } finally {
      await cached.close();
    }
  });
});

describe('health', () => {
  it('reports the database in use', async () => {
    expect(okResult(await get('/api/health'))).toEqual({ ok: true, database: shop.deps.db.dialect });
  });
});
