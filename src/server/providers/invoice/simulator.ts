import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { INVOICE_TIMEOUT_MS } from '../../../config.ts';
import { isCitizenCert, isDonationCode, isMobileBarcode, isTaxId } from '../../../lib/taiwan/invoice.ts';
import { takeFault } from '../../common/faults.ts';
import type { AppEnv } from '../../context.ts';
import { simulatorsOnly } from '../simulator-kit.ts';
import { allowanceOps, HAS_ALLOWANCE, standingAllowances } from './simulator-allowance.ts';
import { answer, ecpayInvoiceDate, open, rtn } from './simulator-envelope.ts';

/** Each two-month period has its own letter track; the simulator names them in turn. */
const TRACKS = ['AB', 'CD', 'EF', 'GH', 'JK', 'LM'];
/** ECPay's answer to a second Issue with a RelateNumber already used (ECPay/ECPay-API-Skill guides/04). */
export const DUPLICATE_RELATE_NUMBER = { code: 10_000_009, msg: 'B2C開立發票 自訂編號重覆，請重新設定' } as const;
/**
 * A period's invoices can be voided until this day of the month after the period (Taiwan time); later
 * the period is filed and only an allowance undoes an invoice. The refusal names the void deadline.
 */
const VOID_LAST_DAY = 14;
export const PERIOD_CLOSED = { code: 0, msg: '超過可作廢期限，請改開立折讓。' } as const;
/** With the `invoice.slow-answer` fault: the answer comes this much after the adapter gave up. */
const SLOW_ANSWER_MS = INVOICE_TIMEOUT_MS + 1_000;
const TAIPEI_MS = 8 * 3_600_000;

const yn = z.enum(['0', '1']);
const item = z.looseObject({
  ItemName: z.string().min(1).max(100),
  ItemCount: z.number().positive(),
  ItemPrice: z.number(),
  ItemAmount: z.number(),
});
const issueSchema = z
  .looseObject({
    MerchantID: z.string(),
    RelateNumber: z.string().regex(/^[0-9A-Za-z_-]{1,30}$/),
    CustomerIdentifier: z.string().default(''),
    CustomerName: z.string().max(60).default(''),
    CustomerAddr: z.string().max(100).default(''),
    CustomerPhone: z.string().default(''),
    CustomerEmail: z.string().default(''),
    Print: yn,
    Donation: yn,
    LoveCode: z.string().default(''),
    CarrierType: z.enum(['', '1', '2', '3']),
    CarrierNum: z.string().default(''),
    TaxType: z.literal('1'),
    SalesAmount: z.number().int().positive(),
    InvType: z.literal('07'),
    Items: z.array(item).min(1),
  })
  .superRefine((d, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (d.Items.reduce((s, i) => s + i.ItemAmount, 0) !== d.SalesAmount)
      fail('SalesAmount is not the sum of ItemAmount.');
    if (d.CustomerIdentifier && !isTaxId(d.CustomerIdentifier)) fail('CustomerIdentifier is not a valid tax ID.');
    if (d.CustomerIdentifier && d.Print !== '1') fail('An invoice with CustomerIdentifier must be printed.');
    if (d.Donation === '1' && (d.Print === '1' || d.CustomerIdentifier || !isDonationCode(d.LoveCode)))
      fail('A donation needs a LoveCode of 3 to 7 digits, no print and no CustomerIdentifier.');
    if (d.Print === '1' && (!d.CustomerName || !d.CustomerAddr))
      fail('A printed invoice needs CustomerName and CustomerAddr.');
    if (d.CarrierType && (d.Print === '1' || d.Donation === '1'))
      fail('A carrier invoice is neither printed nor donated.');
    if (d.CarrierType === '1' && !d.CustomerEmail && !d.CustomerPhone)
      fail('The member carrier needs CustomerEmail or CustomerPhone.');
    if (d.CarrierType === '2' && !isCitizenCert(d.CarrierNum)) fail('CarrierNum is not a citizen certificate number.');
    if (d.CarrierType === '3' && !isMobileBarcode(d.CarrierNum)) fail('CarrierNum is not a mobile barcode.');
  });
const getIssueSchema = z.looseObject({
  MerchantID: z.string(),
  RelateNumber: z.string().regex(/^[0-9A-Za-z_-]{1,30}$/),
});
const invalidSchema = z.looseObject({
  MerchantID: z.string(),
  InvoiceNo: z.string().regex(/^[A-Z]{2}\d{8}$/),
  InvoiceDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  Reason: z.string().min(1).max(20),
});

/** Whether the two-month period of an invoice issued at `issuedAt` is closed at `now` (Taiwan time). */
function periodClosed(issuedAt: number, now: number): boolean {
  const d = new Date(issuedAt + TAIPEI_MS);
  // The period's second month is odd-indexed (Feb, Apr...); the deadline falls in the month after it.
  const firstMonth = d.getUTCMonth() - (d.getUTCMonth() % 2);
  const deadline = Date.UTC(d.getUTCFullYear(), firstMonth + 2, VOID_LAST_DAY + 1) - TAIPEI_MS;
  return now >= deadline;
}

/** Waits `ms`, or less when the caller hung up. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** ECPay's operations, served under the simulator's prefix and under `/B2CInvoice` as ECPay names them. */
const ops = new Hono<AppEnv>();

ops.post('/Issue', async (c) => {
  const data = await open(c);
  if (data instanceof Response) return data;
  const parsed = issueSchema.safeParse(data);
  if (!parsed.success) return answer(c, 1, 'Success', rtn(0, parsed.error.issues.map((i) => i.message).join(' ')));
  const d = parsed.data;
  const k = c.get('deps').db.kysely;
  const existing = () =>
    k
      .selectFrom('sim_invoices')
      .selectAll()
      .where('merchant_id', '=', d.MerchantID)
      .where('relate_number', '=', d.RelateNumber)
      .executeTakeFirst();
  const reply = (row: { invoice_no: string; issued_at: number; random_number: string }) =>
    answer(
      c,
      1,
      'Success',
      rtn(1, '開立發票成功', {
        InvoiceNo: row.invoice_no,
        InvoiceDate: ecpayInvoiceDate(row.issued_at),
        RandomNumber: row.random_number,
      }),
    );
  const duplicate = () => answer(c, 1, 'Success', rtn(DUPLICATE_RELATE_NUMBER.code, DUPLICATE_RELATE_NUMBER.msg));
  if (await existing()) return duplicate();
  const now = c.get('deps').clock.now();
  const track = TRACKS[Math.floor(new Date(now + 8 * 3_600_000).getUTCMonth() / 2)]!;
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = {
      merchant_id: d.MerchantID,
      relate_number: d.RelateNumber,
      invoice_no: `${track}${String(randomInt(100_000_000)).padStart(8, '0')}`,
      random_number: String(randomInt(10_000)).padStart(4, '0'),
      issued_at: now - (now % 1000),
      data: JSON.stringify(d),
    };
    try {
      await k.insertInto('sim_invoices').values(row).execute();
    } catch {
      // Either the same RelateNumber was issued meanwhile (refused as ECPay does) or the number was taken (draw again).
      if (await existing()) return duplicate();
      continue;
    }
    if (takeFault('invoice.slow-answer')) await pause(SLOW_ANSWER_MS, c.req.raw.signal);
    return reply(row);
  }
  return answer(c, 1, 'Success', rtn(0, 'No free invoice number.'));
});

ops.post('/GetIssue', async (c) => {
  const data = await open(c);
  if (data instanceof Response) return data;
  const parsed = getIssueSchema.safeParse(data);
  if (!parsed.success) return answer(c, 1, 'Success', rtn(0, parsed.error.issues.map((i) => i.message).join(' ')));
  const row = await c
    .get('deps')
    .db.kysely.selectFrom('sim_invoices')
    .selectAll()
    .where('merchant_id', '=', parsed.data.MerchantID)
    .where('relate_number', '=', parsed.data.RelateNumber)
    .executeTakeFirst();
  if (!row) return answer(c, 1, 'Success', rtn(0, '查無此發票。'));
  const d = JSON.parse(row.data) as { SalesAmount?: number };
  return answer(
    c,
    1,
    'Success',
    rtn(1, '查詢成功', {
      IIS_Mer_ID: row.merchant_id,
      IIS_Number: row.invoice_no,
      IIS_Relate_Number: row.relate_number,
      IIS_Create_Date: ecpayInvoiceDate(row.issued_at),
      IIS_Random_Number: row.random_number,
      IIS_Sales_Amount: d.SalesAmount ?? 0,
      IIS_Issue_Status: '1',
      IIS_Invalid_Status: row.voided_at === null ? '0' : '1',
    }),
  );
});

ops.post('/Invalid', async (c) => {
  const data = await open(c);
  if (data instanceof Response) return data;
  const parsed = invalidSchema.safeParse(data);
  if (!parsed.success) return answer(c, 1, 'Success', rtn(0, parsed.error.issues.map((i) => i.message).join(' ')));
  const d = parsed.data;
  const k = c.get('deps').db.kysely;
  const row = await k
    .selectFrom('sim_invoices')
    .selectAll()
    .where('merchant_id', '=', d.MerchantID)
    .where('invoice_no', '=', d.InvoiceNo)
    .executeTakeFirst();
  if (!row || ecpayInvoiceDate(row.issued_at).slice(0, 10) !== d.InvoiceDate)
    return answer(c, 1, 'Success', rtn(0, '查無此發票。'));
  if (periodClosed(row.issued_at, c.get('deps').clock.now()))
    return answer(c, 1, 'Success', rtn(PERIOD_CLOSED.code, PERIOD_CLOSED.msg));
  if ((await standingAllowances(k, d.MerchantID, d.InvoiceNo)).length)
    return answer(c, 1, 'Success', rtn(HAS_ALLOWANCE.code, HAS_ALLOWANCE.msg));
  const moved = await k
    .updateTable('sim_invoices')
    .set({ voided_at: c.get('deps').clock.now(), void_reason: d.Reason })
    .where('id', '=', row.id)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) return answer(c, 1, 'Success', rtn(0, '該發票已作廢。'));
  return answer(c, 1, 'Success', rtn(1, '作廢發票成功', { InvoiceNo: d.InvoiceNo }));
});

/**
 * The B2C e-invoice simulator: ECPay's Issue, GetIssue and Invalid on a local table, and the
 * allowances (simulator-allowance.ts). A RelateNumber is issued once; a second Issue is refused as
 * ECPay refuses it; an invoice with an allowance standing is not voided.
 */
export const invoiceSimulator = new Hono<AppEnv>();
invoiceSimulator.use('*', simulatorsOnly);
invoiceSimulator.use('*', async (c, next) => {
  if (takeFault('invoice.rate-limited')) return c.text('Forbidden', 403);
  await next();
});
invoiceSimulator.route('/', ops);
invoiceSimulator.route('/B2CInvoice', ops);
invoiceSimulator.route('/', allowanceOps);
invoiceSimulator.route('/B2CInvoice', allowanceOps);
