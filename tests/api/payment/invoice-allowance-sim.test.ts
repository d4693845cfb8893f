import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { armFault } from '../../../src/server/common/faults.ts';
import { ecpayConfig, ecpayEndpoints } from '../../../src/server/providers/ecpay/config.ts';
import {
  ALLOW_NO_RE,
  ALLOWANCE_ERRORS,
  type AllowanceRequest,
  issueAllowance,
  listAllowances,
  parseCollegiateNotice,
  requestAllowanceByCollegiate,
  voidAllowance,
} from '../../../src/server/providers/invoice/ecpay-allowance.ts';
import { type EcpayInvoiceOptions, ecpayInvoice } from '../../../src/server/providers/invoice/ecpay-b2c.ts';
import { INVOICE_ERRORS, InvoiceProviderError } from '../../../src/server/providers/invoice/invoice.ts';
import {
  ALLOWANCE_VOIDED,
  agreeToAllowance,
  UNKNOWN_ALLOWANCE,
} from '../../../src/server/providers/invoice/simulator-allowance.ts';
import { startReceiver } from '../../helpers/notice-receiver.ts';
import { createTestShop, listening, type TestShop } from '../../helpers/test-app.ts';

/** Allowance, AllowanceByCollegiate, AllowanceInvalid and GetAllowanceList against the e-invoice simulator over HTTP. */

let shop: TestShop & { origin: string };
let origin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  shop = await listening(await createTestShop());
  origin = shop.origin;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await shop.close();
});
afterEach(() => armFault('invoice.allowance.down', 0));

const opts = (): EcpayInvoiceOptions => ({
  account: ecpayConfig(shop.deps.env).invoice,
  baseUrl: ecpayEndpoints('simulator', origin).invoice,
  now: () => shop.clock.now(),
});

let seq = 0;
/** An issued invoice of NT$18,800 (one item of 16,900, two of 950). */
async function invoice() {
  return ecpayInvoice(opts()).issue({
    relateNumber: `AL${Date.now()}${seq++}`,
    choice: { kind: 'member' },
    buyer: { name: '王小明', email: 'demo@soundwood.tw' },
    items: [
      { name: 'Sennheiser HD 660S2', quantity: 1, unitPrice: 16_900 },
      { name: '耳機架', quantity: 2, unitPrice: 950 },
    ],
    total: 18_800,
  });
}
const request = (inv: { invoiceNo: string; issuedAt: number }, unitPrice: number, quantity = 1): AllowanceRequest => ({
  invoice: inv,
  items: [{ name: '耳機架', quantity, unitPrice }],
  notify: { by: 'E', email: 'demo@soundwood.tw' },
  customerName: '王小明',
  reason: '退貨',
});
async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof InvoiceProviderError) return e.code;
    throw e;
  }
  return 'ok';
}

describe('Allowance', () => {
  it('issues allowances in parts, each with its number and what the invoice has left', async () => {
    const inv = await invoice();
    const first = await issueAllowance(opts(), request(inv, 950));
    expect(first.allowNo).toMatch(ALLOW_NO_RE);
    expect(first).toMatchObject({ invoiceNo: inv.invoiceNo, remaining: 17_850 });
    const second = await issueAllowance(opts(), request(inv, 950));
    expect(second.remaining).toBe(16_900);
    expect(second.allowNo).not.toBe(first.allowNo);
    expect(await listAllowances(opts(), inv)).toEqual([
      expect.objectContaining({ allowNo: first.allowNo, amount: 950, voided: false }),
      expect.objectContaining({ allowNo: second.allowNo, amount: 950, voided: false }),
    ]);
  });

  it('refuses more than the invoice has left and stores nothing', async () => {
    const inv = await invoice();
    await issueAllowance(opts(), request(inv, 16_900));
    expect(await codeOf(issueAllowance(opts(), request(inv, 1000, 2)))).toBe(ALLOWANCE_ERRORS.overRemaining);
    expect(await listAllowances(opts(), inv)).toHaveLength(1);
    expect((await issueAllowance(opts(), request(inv, 950, 1))).remaining).toBe(950);
  });

  it('of allowances racing on one invoice, only what fits is issued', async () => {
    const inv = await invoice();
    const codes = await Promise.all(
      Array.from({ length: 5 }, () => codeOf(issueAllowance(opts(), request(inv, 10_000)))),
    );
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === ALLOWANCE_ERRORS.overRemaining)).toHaveLength(4);
  });

  it('finds no allowance on an invoice without one', async () => {
    expect(await listAllowances(opts(), await invoice())).toEqual([]);
  });
});

describe('voiding', () => {
  it('refuses to void an invoice while an allowance stands; AllowanceInvalid gives the amount back', async () => {
    const inv = await invoice();
    const a = await issueAllowance(opts(), request(inv, 18_800));
    const invoices = ecpayInvoice(opts());
    expect(await codeOf(invoices.void(inv, '退貨'))).toBe(INVOICE_ERRORS.hasAllowance);
    await voidAllowance(opts(), a, '退款取消');
    expect(await codeOf(voidAllowance(opts(), a, '退款取消'))).not.toBe('ok');
    expect(await listAllowances(opts(), inv)).toEqual([expect.objectContaining({ allowNo: a.allowNo, voided: true })]);
    const again = await issueAllowance(opts(), request(inv, 18_800));
    await voidAllowance(opts(), again, '退款取消');
    await invoices.void(inv, '退貨');
    expect(await codeOf(issueAllowance(opts(), request(inv, 950)))).not.toBe('ok');
  });
});

describe('AllowanceInvalid', () => {
  async function messageOf(p: Promise<unknown>): Promise<string> {
    try {
      await p;
    } catch (e) {
      if (e instanceof InvoiceProviderError) return e.message;
      throw e;
    }
    return 'ok';
  }

  it('refuses an allowance the invoice does not have, one voided already, and one the buyer has not agreed to', async () => {
    const inv = await invoice();
    expect(
      await messageOf(voidAllowance(opts(), { invoiceNo: inv.invoiceNo, allowNo: '2026010112345678' }, '退款取消')),
    ).toBe(UNKNOWN_ALLOWANCE.msg);
    const a = await issueAllowance(opts(), request(inv, 950));
    const other = await invoice();
    expect(await messageOf(voidAllowance(opts(), { invoiceNo: other.invoiceNo, allowNo: a.allowNo }, '退款取消'))).toBe(
      UNKNOWN_ALLOWANCE.msg,
    );
    expect(await messageOf(voidAllowance(opts(), a, '退款取消'))).toBe('ok');
    expect(await messageOf(voidAllowance(opts(), a, '退款取消'))).toBe(ALLOWANCE_VOIDED.msg);
    await requestAllowanceByCollegiate(opts(), request(inv, 950), `${receiver.origin}/allowance-notice`);
    const waiting = await shop.deps.db.kysely
      .selectFrom('sim_invoice_allowances')
      .select('allow_no')
      .where('invoice_no', '=', inv.invoiceNo)
      .where('voided_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(
      await messageOf(voidAllowance(opts(), { invoiceNo: inv.invoiceNo, allowNo: waiting.allow_no }, '退款取消')),
    ).toBe(UNKNOWN_ALLOWANCE.msg);
  });
});

describe('invoice.allowance.down', () => {
  it('fails the call as unreachable and issues nothing', async () => {
    const inv = await invoice();
    armFault('invoice.allowance.down', 1);
    expect(await codeOf(issueAllowance(opts(), request(inv, 950)))).toBe(INVOICE_ERRORS.unreachable);
    expect(await listAllowances(opts(), inv)).toEqual([]);
  });
});

describe('AllowanceByCollegiate', () => {
  it('issues the allowance when the buyer agrees, told by a signed notice to ReturnURL', async () => {
    const inv = await invoice();
    await requestAllowanceByCollegiate(opts(), request(inv, 950), `${receiver.origin}/allowance-notice`);
    expect(await listAllowances(opts(), inv)).toEqual([]);
    const row = await shop.deps.db.kysely
      .selectFrom('sim_invoice_allowances')
      .select('allow_no')
      .where('invoice_no', '=', inv.invoiceNo)
      .executeTakeFirstOrThrow();
    expect(await agreeToAllowance(shop.deps, row.allow_no)).toBe(true);
    const posted = receiver.at('/allowance-notice').at(-1)!;
    const notice = parseCollegiateNotice(posted.fields, ecpayConfig(shop.deps.env).invoice);
    expect(notice).toMatchObject({ issued: true, allowNo: row.allow_no, invoiceNo: inv.invoiceNo, remaining: 17_850 });
    expect(() =>
      parseCollegiateNotice(
        { ...posted.fields, IIS_Remain_Allowance_Amt: '18800' },
        ecpayConfig(shop.deps.env).invoice,
      ),
    ).toThrow(InvoiceProviderError);
    expect(await listAllowances(opts(), inv)).toEqual([
      expect.objectContaining({ allowNo: row.allow_no, amount: 950 }),
    ]);
  });
});
