import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecpayConfig, ecpayEndpoints } from '../../../src/server/providers/ecpay/config.ts';
import { ecpayInvoice } from '../../../src/server/providers/invoice/ecpay-b2c.ts';
import {
  INVOICE_NO_RE,
  InvoiceProviderError,
  type InvoiceRequest,
  RANDOM_NUMBER_RE,
} from '../../../src/server/providers/invoice/invoice.ts';
import { DUPLICATE_RELATE_NUMBER } from '../../../src/server/providers/invoice/simulator.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
let server: ReturnType<typeof serve>;
let origin: string;
beforeAll(async () => {
  shop = await createTestShop();
  server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await shop.close();
});

const provider = (over: { hashKey?: string; now?: () => number } = {}) => {
  const account = ecpayConfig(shop.deps.env).invoice;
  return ecpayInvoice({
    account: { ...account, ...(over.hashKey ? { hashKey: over.hashKey } : {}) },
    baseUrl: ecpayEndpoints('simulator', origin).invoice,
    now: over.now ?? (() => shop.clock.now()),
  });
};

let seq = 0;
const request = (choice: InvoiceRequest['choice']): InvoiceRequest => ({
  relateNumber: `T${Date.now()}${seq++}`,
  choice,
  buyer: { name: '王小明', email: 'demo@soundwood.tw', phone: '0912345678', address: '臺北市大安區復興南路一段1號' },
  items: [
    { name: 'Sennheiser HD 660S2', quantity: 1, unitPrice: 16_900 },
    { name: '耳機架', quantity: 2, unitPrice: 950 },
  ],
  total: 18_800,
});

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return e instanceof InvoiceProviderError ? e.code : `other: ${String(e)}`;
  }
  return 'ok';
}

describe('issue', () => {
  it('issues every invoice kind with a number, random code and date', async () => {
    const p = provider();
    const kinds: InvoiceRequest['choice'][] = [
      { kind: 'member' },
      { kind: 'mobile', mobileBarcode: '/ABC+123' },
      { kind: 'citizen', citizenCert: 'AB12345678901234' },
      { kind: 'donation', donationCode: '919' },
      { kind: 'company', taxId: '04595257', companyName: '聲林音響有限公司' },
    ];
    const numbers = new Set<string>();
    for (const choice of kinds) {
      const inv = await p.issue(request(choice));
      expect(inv.invoiceNo, choice.kind).toMatch(INVOICE_NO_RE);
      expect(inv.randomNumber).toMatch(RANDOM_NUMBER_RE);
      expect(inv.issuedAt).toBe(shop.clock.now() - (shop.clock.now() % 1000));
      numbers.add(inv.invoiceNo);
    }
    expect(numbers.size).toBe(kinds.length);
    const row = await shop.deps.db.kysely
      .selectFrom('sim_invoices')
      .select('data')
      .where('invoice_no', '=', [...numbers][4]!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toMatchObject({ CustomerIdentifier: '04595257', Print: '1', SalesAmount: 18_800 });
  });

  it('refuses a second Issue with the same RelateNumber as ECPay does, also when asked at once', async () => {
    const p = provider();
    const req = request({ kind: 'member' });
    const codes = await Promise.all([codeOf(p.issue(req)), codeOf(p.issue(req)), codeOf(p.issue(req))]);
    const dup = String(DUPLICATE_RELATE_NUMBER.code);
    expect(codes.sort()).toEqual(['ok', dup, dup].sort());
    expect(await codeOf(p.issue(req))).toBe(dup);
    const rows = await shop.deps.db.kysely
      .selectFrom('sim_invoices')
      .select('id')
      .where('relate_number', '=', req.relateNumber)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses invoices that break the rules, with the provider’s code', async () => {
    const p = provider();
    // Built around the shared validator, as a buggy caller could.
    expect(await codeOf(p.issue(request({ kind: 'company', taxId: '04595258', companyName: 'X' })))).toBe('0');
    expect(await codeOf(p.issue(request({ kind: 'mobile', mobileBarcode: '/AB,1234' })))).toBe('0');
    expect(await codeOf(p.issue(request({ kind: 'donation', donationCode: '12' })))).toBe('0');
    expect(await codeOf(p.issue({ ...request({ kind: 'member' }), total: 1 }))).toBe('AMOUNT');
  });

  it('refuses a wrong key and a stale timestamp in the envelope', async () => {
    expect(await codeOf(provider({ hashKey: 'x'.repeat(16) }).issue(request({ kind: 'member' })))).toBe(
      'TRANS_9000004',
    );
    const stale = provider({ now: () => shop.clock.now() - 3_600_000 });
    expect(await codeOf(stale.issue(request({ kind: 'member' })))).toBe('TRANS_9000003');
  });
});

describe('void', () => {
  it('voids an issued invoice once', async () => {
    const p = provider();
    const inv = await p.issue(request({ kind: 'member' }));
    await p.void(inv, '訂單取消');
    const row = await shop.deps.db.kysely
      .selectFrom('sim_invoices')
      .selectAll()
      .where('invoice_no', '=', inv.invoiceNo)
      .executeTakeFirstOrThrow();
    expect(row.void_reason).toBe('訂單取消');
    expect(row.voided_at).toBe(shop.clock.now());
    expect(await codeOf(p.void(inv, '訂單取消'))).toBe('0');
    expect(await codeOf(p.void({ invoiceNo: 'ZZ00000000', issuedAt: inv.issuedAt }, '取消'))).toBe('0');
  });
});

describe('production', () => {
  it('refuses the simulator unless ALLOW_SIMULATORS=1', async () => {
    const prod = await createTestShop({ env: { NODE_ENV: 'production' } });
    try {
      const res = await prod.app.request('/api/sim/ecpay/invoice/Issue', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('SIMULATOR_OFF');
    } finally {
      await prod.close();
    }
  });
});
