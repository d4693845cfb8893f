import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { armFault } from '../../../src/server/common/faults.ts';
import { ecpayConfig, ecpayEndpoints, SIMULATOR_PATHS } from '../../../src/server/providers/ecpay/config.ts';
import { ecpayInvoice } from '../../../src/server/providers/invoice/ecpay-b2c.ts';
import { encryptData } from '../../../src/server/providers/invoice/ecpay-crypto.ts';
import {
  INVOICE_NO_RE,
  InvoiceProviderError,
  type InvoiceRequest,
  RANDOM_NUMBER_RE,
} from '../../../src/server/providers/invoice/invoice.ts';
import { DUPLICATE_RELATE_NUMBER } from '../../../src/server/providers/invoice/simulator.ts';
import { createTestShop, listening, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop & { origin: string };
let origin: string;
beforeAll(async () => {
  shop = await listening(await createTestShop());
  origin = shop.origin;
});
afterAll(() => shop.close());

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

describe('GetIssue', () => {
  it('finds an invoice by RelateNumber, at both path prefixes, and tells when it is voided', async () => {
    const p = provider();
    const b2c = ecpayInvoice({
      account: ecpayConfig(shop.deps.env).invoice,
      baseUrl: `${origin}${SIMULATOR_PATHS.invoice}`,
      now: () => shop.clock.now(),
    });
    const req = request({ kind: 'member' });
    expect(await p.getIssue(req.relateNumber)).toBeNull();
    const inv = await b2c.issue(req);
    expect(await p.getIssue(req.relateNumber)).toEqual({ ...inv, voided: false });
    await b2c.void(inv, '訂單取消');
    expect(await b2c.getIssue(req.relateNumber)).toEqual({ ...inv, voided: true });
  });

  it('refuses a request without RqHeader.Revision 3.0.0, as ECPay does', async () => {
    const account = ecpayConfig(shop.deps.env).invoice;
    for (const RqHeader of [
      { Timestamp: Math.floor(shop.clock.now() / 1000) },
      { Timestamp: Math.floor(shop.clock.now() / 1000), Revision: '1.0.0' },
    ]) {
      const res = await fetch(`${ecpayEndpoints('simulator', origin).invoice}/GetIssue`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          MerchantID: account.merchantId,
          RqHeader,
          Data: encryptData({ MerchantID: account.merchantId, RelateNumber: 'A1' }, account),
        }),
      });
      const body = await res.json();
      expect(body.TransCode).not.toBe(1);
      expect(body.TransMsg).toContain('Revision');
    }
  });

  it('answers HTTP 403 while the rate-limit fault is armed, which the adapter reports as RATE_LIMITED', async () => {
    armFault('invoice.rate-limited', 1);
    try {
      expect(await codeOf(provider().getIssue('A1'))).toBe('RATE_LIMITED');
      expect(await provider().getIssue('A1')).toBeNull();
    } finally {
      armFault('invoice.rate-limited', 0);
    }
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
      for (const op of [
        'Issue',
        'GetIssue',
        'Invalid',
        'B2CInvoice/Issue',
        'B2CInvoice/GetIssue',
        'B2CInvoice/Invalid',
      ]) {
        const res = await prod.app.request(`/api/sim/ecpay/invoice/${op}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(res.status, op).toBe(403);
        expect((await res.json()).code).toBe('SIMULATOR_OFF');
      }
      const fault = await prod.call('POST', '/api/dev/faults', { body: { name: 'invoice.slow-answer', times: 1 } });
      expect(fault.status).toBe(403);
      expect(fault.json.code).toBe('DEV_ONLY');
    } finally {
      await prod.close();
    }
  });
});
