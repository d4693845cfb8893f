import { randomInt } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { takeFault } from '../../common/faults.ts';
import type { AppEnv, Deps } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { sign } from '../ecpay/check-mac.ts';
import { ecpayConfig } from '../ecpay/config.ts';
import { ecpayDateTime } from '../ecpay/fields.ts';
import { deliverNotice } from '../ecpay/simulator/deliver.ts';
import { simulatorsOnly } from '../simulator-kit.ts';
import { answer, ecpayInvoiceDate, open, rtn } from './simulator-envelope.ts';

/**
 * The e-invoice simulator's allowances: Allowance, AllowanceByCollegiate (issued when the buyer
 * agrees: agreeToAllowance), AllowanceInvalid and GetAllowanceList, with ECPay's checks: an
 * allowance is at most what the invoice has left (its amount less the allowances not voided, those
 * waiting for the buyer included), never on a voided invoice; and an invoice with an allowance is
 * not voided (simulator.ts Invalid) until the allowance is.
 */

/** The refusal of an allowance above what the invoice has left (the simulator's wording). */
export const OVER_REMAINING = { code: 0, msg: '折讓金額超過發票剩餘可折讓金額。' } as const;
/** AllowanceInvalid's refusals: no such allowance of the invoice, or voided already. */
export const UNKNOWN_ALLOWANCE = { code: 0, msg: '查無此折讓單。' } as const;
export const ALLOWANCE_VOIDED = { code: 0, msg: '此折讓單已作廢。' } as const;
/** The refusal of Invalid while an allowance stands (ECPay: void the allowance first). */
export const HAS_ALLOWANCE = { code: 0, msg: '此發票已開立折讓，請先作廢折讓單。' } as const;

const item = z.looseObject({
  ItemName: z.string().min(1).max(100),
  ItemCount: z.number().positive(),
  ItemPrice: z.number(),
  ItemAmount: z.number(),
});
const allowanceSchema = z
  .looseObject({
    MerchantID: z.string(),
    InvoiceNo: z.string().regex(/^[A-Z]{2}\d{8}$/),
    InvoiceDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    AllowanceNotify: z.enum(['E', 'S', 'A', 'N']),
    NotifyMail: z.string().default(''),
    NotifyPhone: z.string().default(''),
    AllowanceAmount: z.number().int().positive(),
    Items: z.array(item).min(1),
    ReturnURL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .superRefine((d, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (d.Items.reduce((s, i) => s + i.ItemAmount, 0) !== d.AllowanceAmount)
      fail('AllowanceAmount is not the sum of ItemAmount.');
    if ((d.AllowanceNotify === 'E' || d.AllowanceNotify === 'A') && !d.NotifyMail) fail('NotifyMail is required.');
    if ((d.AllowanceNotify === 'S' || d.AllowanceNotify === 'A') && !d.NotifyPhone) fail('NotifyPhone is required.');
  });
const invalidSchema = z.looseObject({
  MerchantID: z.string(),
  InvoiceNo: z.string().regex(/^[A-Z]{2}\d{8}$/),
  AllowanceNo: z.string().regex(/^\d{1,16}$/),
  Reason: z.string().min(1).max(20),
});
const listSchema = z.looseObject({
  MerchantID: z.string(),
  SearchType: z.enum(['0', '1', '2']),
  AllowanceNo: z.string().default(''),
  InvoiceNo: z.string().default(''),
  Date: z.string().default(''),
});

type Db = Kysely<Database>;
interface AllowanceData {
  AllowanceAmount: number;
  /** AllowanceByCollegiate: waiting for the buyer to agree, and where to tell the shop. */
  pending?: boolean;
  ReturnURL?: string;
}
const dataOf = (row: { data: string }) => JSON.parse(row.data) as AllowanceData;

/** The allowances of an invoice not voided, those waiting for the buyer included. */
export const standingAllowances = (k: Db, merchantId: string, invoiceNo: string) =>
  k
    .selectFrom('sim_invoice_allowances')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('invoice_no', '=', invoiceNo)
    .where('voided_at', 'is', null)
    .execute();

async function remainingOf(k: Db, invoice: { merchant_id: string; invoice_no: string; data: string }) {
  const sales = (JSON.parse(invoice.data) as { SalesAmount?: number }).SalesAmount ?? 0;
  const used = (await standingAllowances(k, invoice.merchant_id, invoice.invoice_no)).reduce((s, a) => s + a.amount, 0);
  return sales - used;
}

const fail = (c: Context<AppEnv>, message: string) => answer(c, 1, 'Success', rtn(0, message));
const down = (c: Context<AppEnv>) => (takeFault('invoice.allowance.down') ? c.text('Service Unavailable', 503) : null);

/** Issues (or, by collegiate, records as waiting) an allowance after ECPay's checks. */
async function allowance(c: Context<AppEnv>, collegiate: boolean) {
  const unavailable = down(c);
  if (unavailable) return unavailable;
  const data = await open(c);
  if (data instanceof Response) return data;
  const parsed = allowanceSchema.safeParse(data);
  if (!parsed.success) return fail(c, parsed.error.issues.map((i) => i.message).join(' '));
  const d = parsed.data;
  if (collegiate && !d.ReturnURL) return fail(c, 'ReturnURL is required.');
  const k = c.get('deps').db.kysely;
  const now = c.get('deps').clock.now();
  return k.transaction().execute(async (trx) => {
    // Serialises allowances of one invoice: the remaining amount is read and taken under the lock.
    const invoice = await trx
      .updateTable('sim_invoices')
      .set((eb) => ({ void_reason: eb.ref('void_reason') }))
      .where('merchant_id', '=', d.MerchantID)
      .where('invoice_no', '=', d.InvoiceNo)
      .returningAll()
      .executeTakeFirst();
    if (!invoice || ecpayInvoiceDate(Number(invoice.issued_at)).slice(0, 10) !== d.InvoiceDate)
      return fail(c, '查無此發票。');
    if (invoice.voided_at !== null) return fail(c, '該發票已作廢，無法折讓。');
    const remaining = await remainingOf(trx, invoice);
    if (d.AllowanceAmount > remaining) return fail(c, OVER_REMAINING.msg);
    const allowNo = `${ecpayDateTime(now).replace(/\D/g, '').slice(0, 8)}${String(randomInt(100_000_000)).padStart(8, '0')}`;
    const stored: AllowanceData = collegiate ? { ...d, pending: true } : d;
    await trx
      .insertInto('sim_invoice_allowances')
      .values({
        merchant_id: d.MerchantID,
        invoice_no: d.InvoiceNo,
        allow_no: allowNo,
        amount: d.AllowanceAmount,
        data: JSON.stringify(stored),
        issued_at: now - (now % 1000),
      })
      .execute();
    if (collegiate) return answer(c, 1, 'Success', rtn(1, '線上折讓通知已寄出'));
    return answer(
      c,
      1,
      'Success',
      rtn(1, '開立折讓成功', {
        IA_Allow_No: allowNo,
        IA_Invoice_No: d.InvoiceNo,
        IA_Date: ecpayInvoiceDate(now),
        IA_Remain_Allowance_Amt: remaining - d.AllowanceAmount,
      }),
    );
  });
}

/** ECPay's allowance operations, mounted by the invoice simulator under its prefix and `/B2CInvoice`. */
export const allowanceOps = new Hono<AppEnv>();
allowanceOps.use('*', simulatorsOnly);

allowanceOps.post('/Allowance', (c) => allowance(c, false));
allowanceOps.post('/AllowanceByCollegiate', (c) => allowance(c, true));

allowanceOps.post('/AllowanceInvalid', async (c) => {
  const unavailable = down(c);
  if (unavailable) return unavailable;
  const data = await open(c);
  if (data instanceof Response) return data;
  const parsed = invalidSchema.safeParse(data);
  if (!parsed.success) return fail(c, parsed.error.issues.map((i) => i.message).join(' '));
  const d = parsed.data;
  const k = c.get('deps').db.kysely;
  const row = await k
    .selectFrom('sim_invoice_allowances')
    .selectAll()
    .where('merchant_id', '=', d.MerchantID)
    .where('invoice_no', '=', d.InvoiceNo)
    .where('allow_no', '=', d.AllowanceNo)
    .executeTakeFirst();
  if (!row) return fail(c, UNKNOWN_ALLOWANCE.msg);
  // An online allowance the buyer has not agreed to is cancelled by AllowanceInvalidByCollegiate instead.
  if (dataOf(row).pending) return fail(c, UNKNOWN_ALLOWANCE.msg);
  const moved = await k
    .updateTable('sim_invoice_allowances')
    .set({ voided_at: c.get('deps').clock.now(), void_reason: d.Reason })
    .where('id', '=', row.id)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return fail(c, ALLOWANCE_VOIDED.msg);
  return answer(c, 1, 'Success', rtn(1, '作廢折讓成功', { IA_Allow_No: d.AllowanceNo }));
});

allowanceOps.post('/GetAllowanceList', async (c) => {
  const unavailable = down(c);
  if (unavailable) return unavailable;
  const data = await open(c);
  if (data instanceof Response) return data;
  const parsed = listSchema.safeParse(data);
  if (!parsed.success) return fail(c, parsed.error.issues.map((i) => i.message).join(' '));
  const d = parsed.data;
  const k = c.get('deps').db.kysely;
  let q = k.selectFrom('sim_invoice_allowances').selectAll().where('merchant_id', '=', d.MerchantID);
  if (d.SearchType === '0') q = q.where('allow_no', '=', d.AllowanceNo);
  else q = q.where('invoice_no', '=', d.InvoiceNo);
  let rows = (await q.orderBy('id').execute()).filter((r) => !dataOf(r).pending);
  if (d.SearchType === '1') {
    const invoice = await k
      .selectFrom('sim_invoices')
      .select('issued_at')
      .where('merchant_id', '=', d.MerchantID)
      .where('invoice_no', '=', d.InvoiceNo)
      .executeTakeFirst();
    if (!invoice || ecpayInvoiceDate(Number(invoice.issued_at)).slice(0, 10) !== d.Date) rows = [];
  }
  if (d.SearchType === '2') rows = rows.filter((r) => ecpayInvoiceDate(Number(r.issued_at)).slice(0, 10) === d.Date);
  if (!rows.length) return fail(c, '查無折讓資料。');
  return answer(
    c,
    1,
    'Success',
    rtn(1, '查詢成功', {
      AllowanceInfo: rows.map((r) => ({
        IA_Allow_No: r.allow_no,
        IA_Invoice_No: r.invoice_no,
        IA_Date: ecpayInvoiceDate(Number(r.issued_at)),
        IA_Total_Amount: r.amount,
        IA_Invalid_Status: r.voided_at === null ? '0' : '1',
      })),
    }),
  );
});

/**
 * The buyer agrees to an AllowanceByCollegiate allowance (a test and dev hook): it is issued, and its
 * ReturnURL gets the form POST ECPay sends, signed with the invoice account's MD5 CheckMacValue
 * (RtnCode, RtnMsg, IA_Allow_No, IA_Invoice_No, IA_Date, IIS_Remain_Allowance_Amt). Whether the
 * shop answered `1|OK`.
 */
export async function agreeToAllowance(deps: Deps, allowNo: string): Promise<boolean> {
  const k = deps.db.kysely;
  const row = await k
    .selectFrom('sim_invoice_allowances')
    .selectAll()
    .where('allow_no', '=', allowNo)
    .executeTakeFirst();
  const data = row ? dataOf(row) : undefined;
  if (!row || !data?.pending || !data.ReturnURL || row.voided_at !== null)
    throw new Error(`No allowance ${allowNo} waits for the buyer.`);
  const now = deps.clock.now();
  await k
    .updateTable('sim_invoice_allowances')
    .set({ data: JSON.stringify({ ...data, pending: false }), issued_at: now - (now % 1000) })
    .where('id', '=', row.id)
    .execute();
  const invoice = await k
    .selectFrom('sim_invoices')
    .selectAll()
    .where('merchant_id', '=', row.merchant_id)
    .where('invoice_no', '=', row.invoice_no)
    .executeTakeFirstOrThrow();
  const account = ecpayConfig(deps.env).invoice;
  const notice = sign(
    {
      RtnCode: '1',
      RtnMsg: '開立折讓成功',
      IA_Allow_No: row.allow_no,
      IA_Invoice_No: row.invoice_no,
      IA_Date: ecpayInvoiceDate(now),
      IIS_Remain_Allowance_Amt: String(await remainingOf(k, invoice)),
    },
    account,
    'md5',
  );
  return (await deliverNotice(data.ReturnURL, notice, deps.env.ECPAY_SIM_RESEND_MS)).ok;
}
