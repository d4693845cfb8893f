import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../../src/server/common/validation.ts';
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

const TERM_KEYS = ['description', 'id', 'image', 'image_height', 'image_width', 'name', 'product_count', 'slug', 'uid'];

describe.each(['brands', 'categories'] as const)('%s', (side) => {
  const route = side === 'brands' ? '/api/product-brands' : '/api/product-categories';
  const tree = side === 'brands' ? 'categories' : 'brands';
  const own = side === 'brands' ? 'brand_id' : 'category_id';
  const other = side === 'brands' ? 'category_id' : 'brand_id';

  it('lists every row by sort, localized, with product counts from the database', async () => {
    const rows = await db().selectFrom(side).selectAll().orderBy('sort').execute();
    const products = await db().selectFrom('products').select([own]).execute();
    const zh = okResult(await get(`${route}/all`));
    const en = okResult(await get(`${route}/all`, 'en'));
    expect(zh.map((t: { slug: string }) => t.slug)).toEqual(rows.map((r) => r.slug));
    for (const [i, r] of rows.entries()) {
      expect(Object.keys(zh[i]).sort()).toEqual(TERM_KEYS);
      expect(zh[i]).toMatchObject({
        id: r.id,
        uid: r.uid,
        name: r.name_zh,
        description: r.description_zh,
        image: r.image,
      });
      expect(zh[i].image_width).toBe(r.image_width);
      expect(en[i]).toMatchObject({ name: r.name_en, description: r.description_en });
      expect(zh[i].product_count).toBe(products.filter((p) => p[own] === r.id).length);
    }
    expect(zh.some((t: { name: string }, i: number) => t.name !== en[i].name)).toBe(true);
  });

  it('refuses unknown query keys with 400 and the field named', async () => {
    const r = await get(`${route}/all?foo=1`);
    expectFailure(r, 400, 'UNKNOWN_FIELD');
    expect(r.json.errors).toEqual({ foo: FIELD_MESSAGES.unknownField.zh });
  });

  it(`gives one with the ${tree} its products are in`, async () => {
    const root = await db().selectFrom(side).selectAll().orderBy('id').executeTakeFirstOrThrow();
    const linked = await db().selectFrom('products').select(other).where(own, '=', root.id).distinct().execute();
    const children = await db()
      .selectFrom(tree)
      .selectAll()
      .where(
        'id',
        'in',
        linked.map((l) => l[other]),
      )
      .execute();
    const zh = okResult(await get(`${route}/${tree}?uid=${root.uid}`));
    const en = okResult(await get(`${route}/${tree}?uid=${root.uid}`, 'en'));
    expect(zh).toMatchObject({ uid: root.uid, slug: root.slug, name: root.name_zh, image: root.image });
    expect(en.name).toBe(root.name_en);
    expect(zh.children.map((c: { uid: string }) => c.uid).sort()).toEqual(children.map((c) => c.uid).sort());
    for (const child of zh.children) {
      const row = children.find((c) => c.uid === child.uid)!;
      expect(child).toEqual({ uid: row.uid, slug: row.slug, name: row.name_zh, image: row.image, children: [] });
    }
    expect(en.children.map((c: { name: string }) => c.name).sort()).toEqual(children.map((c) => c.name_en).sort());
  });

  it('answers 404 for an unknown uid and 400 (localized) for a missing one', async () => {
    expectFailure(await get(`${route}/${tree}?uid=00000000-0000-0000-0000-000000000000`), 404, 'NOT_FOUND');
    const zh = await get(`${route}/${tree}`);
    expectFailure(zh, 400, 'VALIDATION_FAILED');
    expect(zh.json.errors).toEqual({ uid: FIELD_MESSAGES.required.zh });
    const en = await get(`${route}/${tree}`, 'en');
    expect(en.json.errors).toEqual({ uid: FIELD_MESSAGES.required.en });
    expect(en.json.message).not.toBe(zh.json.message);
  });
});

describe('site metas', () => {
  it('lists the metas of the request locale', async () => {
    for (const [lang, locale] of [
      ['zh-TW', 'zh-TW'],
      ['en', 'en'],
    ] as const) {
      const rows = await db().selectFrom('site_metas').selectAll().where('locale', '=', locale).orderBy('id').execute();
      const result = okResult(await get('/api/site-metas/all?client=1', lang));
      expect(result).toHaveLength(rows.length);
      expect(result.map((m: { url: string }) => m.url)).toEqual(rows.map((r) => r.url));
      const { locale: _l, ...first } = rows[0]!;
      expect(result[0]).toEqual(first);
    }
    expect(okResult(await get('/api/site-metas/all')).length).toBeGreaterThan(0);
  });

  it('refuses a bad client flag and unknown keys', async () => {
    const bad = await get('/api/site-metas/all?client=7', 'en');
    expectFailure(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(bad.json.errors)).toEqual(['client']);
    expectFailure(await get('/api/site-metas/all?client=1&x=1'), 400, 'UNKNOWN_FIELD');
  });
});

describe('system variables', () => {
  it('pages the variables of the locale, with snake_case or camelCase query names', async () => {
    const rows = await db().selectFrom('sys_vars').selectAll().where('locale', '=', 'en').orderBy('id').execute();
    const first = okResult(await get('/api/sys-vars?current_page=1&page_size=10', 'en'));
    expectPaged(first, rows.length, 1, 10);
    expect(first.data[0]).toEqual({
      id: rows[0]!.id,
      uid: rows[0]!.uid,
      code: rows[0]!.code,
      name: rows[0]!.name,
      data: rows[0]!.data,
    });
    const second = okResult(await get('/api/sys-vars?currentPage=2&pageSize=3', 'en'));
    expectPaged(second, rows.length, 2, 3);
    expect(second.data.map((v: { id: number }) => v.id)).toEqual(rows.slice(3, 6).map((r) => r.id));
    const zh = okResult(await get('/api/sys-vars'));
    expect(zh.data.find((v: { code: string }) => v.code === 'privacyText').data).toBe(
      (
        await db()
          .selectFrom('sys_vars')
          .select('data')
          .where('code', '=', 'privacyText')
          .where('locale', '=', 'zh-TW')
          .executeTakeFirstOrThrow()
      ).data,
    );
  });

  it('refuses bad paging with field errors', async () => {
    const r = await get('/api/sys-vars?current_page=abc&page_size=101');
    expectFailure(r, 400, 'VALIDATION_FAILED');
    expect(Object.keys(r.json.errors).sort()).toEqual(['current_page', 'page_size']);
    expectFailure(await get('/api/sys-vars?current_page=0'), 400, 'VALIDATION_FAILED');
    expectFailure(await get('/api/sys-vars?page=1'), 400, 'UNKNOWN_FIELD');
  });
});
