import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageVersions } from '../../../src/server/catalog/page-versions.ts';
import { latestCatalogChange } from '../../../src/server/ops/page-rebuilds.ts';
import { confirmAlert, subscribe } from '../../../src/server/restock/alerts.ts';
import { fixture } from '../../helpers/catalog-tool.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { staffMember, type TestStaff } from './admin-helpers.ts';

let shop: TestShop;
let owner: TestStaff;
let staff: TestStaff;
let sku: string;
let handle: string;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  owner = await staffMember(shop, 'owner', '王店主');
  staff = await staffMember(shop, 'staff', '林小幫');
  const v = await shop.deps.db.kysely
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.sku', 'p.slug'])
    .orderBy('v.id')
    .executeTakeFirstOrThrow();
  sku = v.sku;
  handle = v.slug;
});
afterAll(() => shop.close());

const variant = () =>
  shop.deps.db.kysely
    .selectFrom('variants')
    .select(['price', 'stock'])
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
const changes = () =>
  shop.deps.db.kysely
    .selectFrom('catalog_changes')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

describe('Today’s stock and the catalog’s stock filters', () => {
  it('Today lists the ten lowest variants in stock and counts the sold-out ones; the catalog filters both', async () => {
    const k = shop.deps.db.kysely;
    const ids = (
      await k
        .selectFrom('variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select('v.id')
        .where('p.withdrawn_at', 'is', null)
        .orderBy('v.id', 'desc')
        .limit(16)
        .execute()
    ).map((r) => r.id);
    for (const [i, id] of ids.entries())
      await k
        .updateTable('variants')
        .set({ stock: i < 4 ? 0 : 1 + (i % 3) })
        .where('id', '=', id)
        .execute();
    const onSale = k
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .where('p.withdrawn_at', 'is', null);
    const n = async (q: typeof onSale) =>
      Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const soldOut = await n(onSale.where('v.stock', '=', 0));
    const low = await n(onSale.where('v.stock', '>', 0).where('v.stock', '<=', 3));

    const r = (await shop.call('GET', '/api/admin/today', { token: staff.token })).json.result;
    expect(r.low_stock).toHaveLength(10);
    const stocks = r.low_stock.map((v: { stock: number }) => v.stock);
    expect(stocks.every((x: number) => x >= 1 && x <= 3)).toBe(true);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(r).toMatchObject({ low_stock_total: low, sold_out_total: soldOut });
    expect(soldOut).toBeGreaterThanOrEqual(4);

    const list = await shop.call('GET', '/api/admin/products?sold_out=1&limit=100', { token: staff.token });
    expect(list.status).toBe(200);
    expect(list.json.result.data.length).toBeGreaterThan(0);
    for (const p of list.json.result.data)
      expect(
        p.variants.some((v: { stock: number }) => v.stock === 0),
        p.handle,
      ).toBe(true);
  });
});

describe('PATCH /api/admin/variants/{sku}', () => {
  it('a staff account sets a stock count, logged under its name, and the pages rebuild', async () => {
    const before = await latestCatalogChange(shop.deps.db);
    const r = await shop.call('PATCH', `/api/admin/variants/${sku}`, { token: staff.token, body: { stock: 42 } });
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({ sku, stock: 42, changes: [expect.stringMatching(/stock .* → 42$/)] });
    expect(r.json.result.pages_notice).toBeTruthy();
    expect((await variant()).stock).toBe(42);
    expect(await changes()).toMatchObject({ by: '林小幫', action: 'stock', subject: sku, after: '42' });
    expect(await latestCatalogChange(shop.deps.db)).toBeGreaterThan(before);
  });

  it('a wrong figure gets the field text that names what is wrong, in the caller’s language', async () => {
    const cases: [string, string, string][] = [
      ['{"stock":1.5}', 'This must be a whole number, without decimals.', '請輸入整數，不能有小數。'],
      ['{"stock":1e400}', 'This number is out of the accepted range.', '這個數字超出可接受的範圍。'],
      ['{"stock":-1}', 'This must be at least 0.', '不得小於 0。'],
      ['{"stock":1e9}', 'This must be at most 999,999,999.', '不得大於 999,999,999。'],
      ['{"stock":1e18}', 'This must be at most 999,999,999.', '不得大於 999,999,999。'],
      ['{"stock":"3"}', 'This field must be a number, not text.', '此欄位應為數字，收到的是文字。'],
    ];
    const { stock } = await variant();
    for (const [body, en, zh] of cases)
      for (const [lang, text] of [
        ['en', en],
        ['zh-TW', zh],
      ] as const) {
        const r = await shop.call('PATCH', `/api/admin/variants/${sku}`, { token: staff.token, body, lang });
        expect(r.status, body).toBe(400);
        expect(r.json.errors, `${body} ${lang}`).toEqual({ stock: text });
      }
    expect((await variant()).stock).toBe(stock);
  });

  it('a staff account cannot change a price: 403 with why, nothing changed', async () => {
    const { price } = await variant();
    const r = await shop.call('PATCH', `/api/admin/variants/${sku}`, {
      token: staff.token,
      body: { price: price + 100, stock: 1 },
      lang: 'en',
    });
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({
      code: 'ROLE_FORBIDDEN',
      message: "A staff account cannot change prices. Ask the shop's owner.",
    });
    expect(await variant()).toEqual({ price, stock: 42 });
  });

  it('the owner changes a price and sees it in the change log with who', async () => {
    const { price } = await variant();
    const r = await shop.call('PATCH', `/api/admin/variants/${sku}`, {
      token: owner.token,
      body: { price: price + 100 },
    });
    expect(r.status).toBe(200);
    expect(r.json.result.price).toBe(price + 100);
    const log = await shop.call('GET', '/api/admin/catalog/changes?limit=2', { token: staff.token });
    expect(log.status).toBe(200);
    expect(log.json.result.data[0]).toMatchObject({
      by: '王店主',
      action: 'price',
      subject: sku,
      before: String(price),
      after: String(price + 100),
    });
    expect(log.json.result.limit).toBe(2);
  });

  it('refuses an unknown SKU, an empty or a bad body', async () => {
    expect(
      (await shop.call('PATCH', '/api/admin/variants/NO-SUCH', { token: owner.token, body: { stock: 1 } })).status,
    ).toBe(404);
    expect((await shop.call('PATCH', `/api/admin/variants/${sku}`, { token: owner.token, body: {} })).status).toBe(400);
    expect(
      (await shop.call('PATCH', `/api/admin/variants/${sku}`, { token: owner.token, body: { stock: -1 } })).status,
    ).toBe(400);
    expect(
      (await shop.call('PATCH', `/api/admin/variants/${sku}`, { token: owner.token, body: { stock: 1.5 } })).status,
    ).toBe(400);
  });
});

describe('products, publish and withdraw', () => {
  it('lists products with search, for staff too', async () => {
    const r = await shop.call('GET', `/api/admin/products?q=${encodeURIComponent(sku)}`, { token: staff.token });
    expect(r.status).toBe(200);
    expect(r.json.result.total).toBeGreaterThan(0);
    expect(r.json.result.data[0].variants.map((v: { sku: string }) => v.sku)).toContain(sku);
    const low = await shop.call('GET', '/api/admin/products?low_stock=1&limit=100', { token: staff.token });
    for (const p of low.json.result.data) expect(p.variants.some((v: { stock: number }) => v.stock <= 3)).toBe(true);
  });

  it('shows how many restock alerts wait for each variant', async () => {
    const sold = await shop.deps.db.kysely
      .selectFrom('variants')
      .select(['sku'])
      .where('stock', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Each address follows its confirmation link.
    for (const email of ['a@example.com', 'b@example.com']) {
      const asked = await subscribe(shop.deps, sold.sku, { email }, 'zh-TW', '203.0.113.9');
      await confirmAlert(shop.deps, asked.alert.id);
    }
    const r = await shop.call('GET', `/api/admin/products?q=${encodeURIComponent(sold.sku)}`, { token: staff.token });
    const variants = r.json.result.data.flatMap((p: { variants: { sku: string; waiting: number }[] }) => p.variants);
    expect(variants.find((v: { sku: string }) => v.sku === sold.sku)?.waiting).toBe(2);
    expect(
      variants.filter((v: { sku: string }) => v.sku !== sold.sku).every((v: { waiting: number }) => v.waiting === 0),
    ).toBe(true);
  });

  it('the owner withdraws and publishes; a staff account is refused', async () => {
    const refused = await shop.call('POST', `/api/admin/products/${handle}/withdraw`, { token: staff.token });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('ROLE_FORBIDDEN');
    const w = await shop.call('POST', `/api/admin/products/${handle}/withdraw`, { token: owner.token });
    expect(w.json.result).toMatchObject({ handle, state: 'withdrawn', changed: true });
    expect(await changes()).toMatchObject({ by: '王店主', action: 'withdraw', subject: handle });
    const again = await shop.call('POST', `/api/admin/products/${handle}/withdraw`, { token: owner.token });
    expect(again.json.result.changed).toBe(false);
    const p = await shop.call('POST', `/api/admin/products/${handle}/publish`, { token: owner.token });
    expect(p.json.result).toMatchObject({ state: 'published', changed: true });
    expect((await shop.call('POST', '/api/admin/products/no-such/publish', { token: owner.token })).status).toBe(404);
  });
});

describe('products the feeds leave out for want of a photo', () => {
  it('lists each with its SKUs and the counts, for staff too; not once withdrawn', async () => {
    const gaps = async () => (await shop.call('GET', '/api/admin/catalog/feed-gaps', { token: staff.token })).json;
    expect((await gaps()).result).toEqual({ products: 0, variants: 0, list: [] });

    const file = [
      'Handle,Title,Title (en),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Price',
      'no-photo-amp,無照片擴大機,No-photo amp,Sony,配件,顏色,黑,NOPHOTO-BLK,1000',
      'no-photo-amp,,,,,,銀,NOPHOTO-SLV,1000',
    ].join('\n');
    const up = await shop.app.request('/api/admin/catalog/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv' },
      body: file,
    });
    expect((await up.json()).result).toMatchObject({ applied: true, problems: [] });

    expect(await gaps()).toMatchObject({
      result: {
        products: 1,
        variants: 2,
        list: [
          {
            handle: 'no-photo-amp',
            name_zh: '無照片擴大機',
            name_en: 'No-photo amp',
            skus: ['NOPHOTO-BLK', 'NOPHOTO-SLV'],
          },
        ],
      },
    });
    expect((await shop.call('GET', '/api/admin/catalog/feed-gaps')).status).toBe(401);
    await shop.call('POST', '/api/admin/products/no-photo-amp/withdraw', { token: owner.token });
    expect((await gaps()).result).toEqual({ products: 0, variants: 0, list: [] });
  });
});

describe('PATCH /api/admin/products/{handle}: returnable', () => {
  it('the owner marks a product not returnable: logged, on its page and in its page version', async () => {
    const before = (await productPageVersions(shop.deps.db)).get(handle);
    const r = await shop.call('PATCH', `/api/admin/products/${handle}`, {
      token: owner.token,
      body: { returnable: false },
    });
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({ handle, returnable: false, changed: true });
    expect(await changes()).toMatchObject({
      by: '王店主',
      action: 'returnable',
      subject: handle,
      before: 'returnable',
      after: 'not returnable',
    });
    expect((await shop.call('GET', `/api/products/${handle}`)).json.result.returnable).toBe(false);
    expect((await productPageVersions(shop.deps.db)).get(handle)).not.toBe(before);
    const listed = await shop.call('GET', `/api/admin/products?q=${encodeURIComponent(sku)}`, { token: staff.token });
    expect(listed.json.result.data.find((p: { handle: string }) => p.handle === handle)?.returnable).toBe(false);
    const again = await shop.call('PATCH', `/api/admin/products/${handle}`, {
      token: owner.token,
      body: { returnable: false },
    });
    expect(again.json.result.changed).toBe(false);
    const back = await shop.call('PATCH', `/api/admin/products/${handle}`, {
      token: owner.token,
      body: { returnable: true },
    });
    expect(back.json.result).toMatchObject({ returnable: true, changed: true });
    expect((await shop.call('GET', `/api/products/${handle}`)).json.result.returnable).toBe(true);
  });

  it('refuses staff, a bad body and an unknown handle, changing nothing', async () => {
    const refused = await shop.call('PATCH', `/api/admin/products/${handle}`, {
      token: staff.token,
      body: { returnable: false },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('ROLE_FORBIDDEN');
    for (const body of [{}, { returnable: 'no' }, { returnable: false, name: 'x' }]) {
      const bad = await shop.call('PATCH', `/api/admin/products/${handle}`, { token: owner.token, body });
      expect(bad.status).toBe(400);
    }
    const missing = await shop.call('PATCH', '/api/admin/products/no-such', {
      token: owner.token,
      body: { returnable: false },
    });
    expect(missing.status).toBe(404);
    expect((await shop.call('GET', `/api/products/${handle}`)).json.result.returnable).toBe(true);
  });
});

describe('import and export', () => {
  const csv = readFileSync(fixture('shopify-template.csv'));
  const upload = (token: string, query: string, body: Buffer | string = csv) =>
    shop.app.request(`/api/admin/catalog/import${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'accept-language': 'en' },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });

  it('a dry run reports row by row and writes nothing; then the same file is applied, logged by the owner’s name', async () => {
    const count = async () =>
      Number(
        (
          await shop.deps.db.kysely
            .selectFrom('products')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const dry = await upload(owner.token, '?dry_run=1&filename=spring.csv');
    expect(dry.status).toBe(200);
    const report = (await dry.json()).result;
    expect(report).toMatchObject({ dry_run: true, applied: false, problems: [] });
    expect(report.counts.productsCreated).toBe(2);
    expect(report.lines.length).toBeGreaterThan(0);
    expect(await count()).toBe(before);
    const applied = (await (await upload(owner.token, '?filename=spring.csv')).json()).result;
    expect(applied).toMatchObject({ dry_run: false, applied: true });
    expect(applied.pages_notice).toBeTruthy();
    expect(await count()).toBe(before + 2);
    expect(await changes()).toMatchObject({ by: '王店主', action: 'import', subject: 'spring.csv' });
  });

  it('refuses a file name with control characters, a direction override or a line break for the change log', async () => {
    const last = await changes();
    for (const name of ['spring\u001b[2J.csv', 'gpj\u202Ecsv.exe', 'a.csv\r\nforged line', 'a\u2028b.csv']) {
      const r = await upload(owner.token, `?filename=${encodeURIComponent(name)}`);
      expect(r.status).toBe(400);
      const body = await r.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors).toEqual({
        filename: 'Remove control characters, text-direction overrides or broken characters.',
      });
    }
    expect((await changes()).id).toBe(last.id);
  });

  it('reports bad rows with their line, column and message', async () => {
    const r = (await (await upload(owner.token, '?dry_run=1', readFileSync(fixture('shopify-bad-rows.csv')))).json())
      .result;
    expect(r.applied).toBe(false);
    expect(r.problems[0]).toMatchObject({ line: 4, column: 'Variant Price', code: 'price_invalid' });
    expect(r.problems[0].message).toBe('line 4, Variant Price: "15990.50" is not a whole NT$ amount');
  });

  it('refuses a SKU beginning like a formula with a field message in the caller’s language', async () => {
    const body = 'Handle,Title,Vendor,Type,Variant SKU,Variant Price\nformula-sku,甲,Sony,配件,@SUM(A1),100\n';
    for (const [lang, message] of [
      [
        'en',
        'line 2, Variant SKU: SKU "@SUM(A1)" may not begin with =, +, - or @ (spreadsheets would run it as a formula)',
      ],
      ['zh-TW', '第 2 行，Variant SKU：SKU「@SUM(A1)」不可以 =、+、-、@ 開頭（試算表會把它當成公式）'],
    ] as const) {
      const r = await shop.app.request('/api/admin/catalog/import', {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv', 'accept-language': lang },
        body,
      });
      const result = (await r.json()).result;
      expect(result.applied).toBe(false);
      expect(result.problems).toEqual([
        expect.objectContaining({ line: 2, column: 'Variant SKU', code: 'sku_formula', message }),
      ]);
    }
  });

  it('takes a file over the JSON limit, refuses one over 10 MB, refuses staff', async () => {
    const big = `${csv.toString('utf8')}${' '.repeat(200 * 1024)}`;
    expect((await upload(owner.token, '?dry_run=1', big)).status).toBe(200);
    const huge = await upload(owner.token, '?dry_run=1', Buffer.alloc(10 * 1024 * 1024 + 1, 32));
    expect(huge.status).toBe(413);
    const staffTry = await upload(staff.token, '?dry_run=1');
    expect(staffTry.status).toBe(403);
  });

  it('imports and exports the Returnable column; an empty cell keeps what is set, a bad one is reported', async () => {
    const file = (flag: string) =>
      [
        'Handle,Title,Vendor,Type,Variant SKU,Variant Price,Variant Inventory Qty,Returnable',
        `sealed-iem,封條耳機,Aurora,耳機,SEAL-IEM-1,3990,5,${flag}`,
      ].join('\n');
    const returnable = async () =>
      (await shop.call('GET', '/api/admin/products?q=sealed-iem', { token: owner.token })).json.result.data[0]
        ?.returnable;
    const first = (await (await upload(owner.token, '', file('FALSE'))).json()).result;
    expect(first).toMatchObject({ applied: true, problems: [] });
    expect(await returnable()).toBe(false);
    expect((await (await upload(owner.token, '', file(''))).json()).result.applied).toBe(true);
    expect(await returnable()).toBe(false);
    const bad = (await (await upload(owner.token, '?dry_run=1', file('maybe'))).json()).result;
    expect(bad.problems[0]).toMatchObject({ column: 'Returnable', code: 'flag_invalid' });
    const exported = await (
      await shop.app.request('/api/admin/catalog/export', { headers: { authorization: `Bearer ${owner.token}` } })
    ).text();
    const [header, ...rows] = exported.split(/\r?\n/);
    const at = header!.split(',').indexOf('Returnable');
    expect(at).toBeGreaterThan(0);
    expect(rows.find((r) => r.startsWith('sealed-iem,'))?.split(',')[at]).toBe('FALSE');
    expect((await upload(owner.token, '', file('TRUE'))).status).toBe(200);
    expect(await returnable()).toBe(true);
  });

  it('exports the catalog as CSV for the owner only', async () => {
    const r = await shop.app.request('/api/admin/catalog/export', {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await r.text();
    expect(text).toContain('Handle,Title');
    expect(text).toContain(sku);
    const staffTry = await shop.call('GET', '/api/admin/catalog/export', { token: staff.token });
    expect(staffTry.status).toBe(403);
  });
});
