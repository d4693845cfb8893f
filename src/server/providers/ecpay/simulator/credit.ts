import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { takeFault } from '../../../common/faults.ts';
import type { AppEnv } from '../../../context.ts';
import type { Db } from '../../../db/index.ts';
import type { SimEcpayCreditTable } from '../../../db/tables/simulators.ts';
import { readForm } from '../../simulator-kit.ts';
import { verifyCheckMac } from '../check-mac.ts';
import { ecpayConfig } from '../config.ts';
import type { CreditAction } from '../credit.ts';
import { ecpayDateTime, MERCHANT_TRADE_NO_RE } from '../fields.ts';
import type { AioFields, SimTrade } from './trades.ts';

/**
 * The card side of the payment simulator after the payment: every card trade it authorises gets a
 * record here (an authorisation number, gwsr), which CreditDetail/QueryTrade/V2 reports and
 * CreditDetail/DoAction changes with ECPay's rules (developers.ecpay.com.tw 2885): C closes part or
 * all of an authorised trade, E cancels a close still waiting, N gives up an authorisation not
 * closed, R refunds at most what stands closed, and an instalment sale only whole. As with ECPay's
 * daily automatic close, what is authorised or waiting is closed at the first 20:15 Taiwan time after it.
 */

type CreditRow = Selectable<SimEcpayCreditTable>;
interface Close {
  status: string;
  amount: number;
  sno: string;
  at: number;
}

/** ECPay closes the day's trades at 20:15 Taiwan time (每日自動關帳). */
const DAILY_CLOSE_MINUTE = 20 * 60 + 15;
const TAIPEI_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The first daily close strictly after `t`. */
export function nextDailyClose(t: number): number {
  const local = t + TAIPEI_MS;
  const close = local - (local % DAY_MS) + DAILY_CLOSE_MINUTE * 60_000;
  return (close > local ? close : close + DAY_MS) - TAIPEI_MS;
}

/** The instalments a trade's form asked for: CreditInstallment's first figure (ECPay offers the list). */
const installmentsOf = (form: AioFields) => Number((form.CreditInstallment ?? '').split(',')[0]) || 0;

/** The simulator's card bonus points: each point takes off NT$0.1, and at most a tenth of the amount is redeemed. */
export const REDEEM = { pointsPerDollar: 10, share: 0.1, left: 5_000 } as const;

/** What a shopper who chose to use bonus points redeems on `amount`: whole NT$ (ECPay's red_de_amt). */
export const redeemedOn = (amount: number): number => Math.floor(amount * REDEEM.share);

/** Records the authorisation of a paid card trade; its gwsr is drawn again when taken. */
export async function recordAuthorisation(
  db: Db,
  trade: SimTrade,
  form: AioFields,
  now: number,
  /** NT$ the card's bonus points took off (Redeem=Y and the shopper chose to). */
  redeemed = 0,
): Promise<CreditRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.kysely
        .insertInto('sim_ecpay_credit')
        .values({
          merchant_id: trade.merchant_id,
          merchant_trade_no: trade.merchant_trade_no,
          trade_no: trade.trade_no,
          gwsr: randomInt(10_000_000, 100_000_000),
          amount: trade.amount,
          installments: installmentsOf(form),
          redeemed,
          status: 'authorised',
          authorised_at: now,
          changed_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * The extra fields of a card trade's notice and query when the form asked NeedExtraPaidInfo=Y
 * (developers.ecpay.com.tw 5675): gwsr, process_date, auth_code, amount, stage (instalments),
 * stast, staed, eci, card4no, card6no and the bonus-point fields.
 */
export function extraPaidInfo(credit: CreditRow, card4no: string): Record<string, string> {
  const stage = credit.installments;
  const each = stage > 0 ? Math.floor(credit.amount / stage) : 0;
  return {
    gwsr: String(credit.gwsr),
    process_date: ecpayDateTime(Number(credit.authorised_at)),
    auth_code: String(credit.gwsr % 1_000_000).padStart(6, '0'),
    amount: String(credit.amount),
    stage: String(stage),
    stast: String(stage > 0 ? credit.amount - each * (stage - 1) : 0),
    staed: String(each),
    eci: '0',
    card4no: card4no,
    card6no: '431195',
    red_dan: String(credit.redeemed * REDEEM.pointsPerDollar),
    red_de_amt: String(credit.redeemed),
    red_ok_amt: String(credit.redeemed ? credit.amount - credit.redeemed : 0),
    red_yet: String(credit.redeemed ? REDEEM.left : 0),
  };
}

const closesOf = (row: CreditRow): Close[] => JSON.parse(row.close_data) as Close[];
const counts = (c: Close) => c.status === '要關帳' || c.status === '已關帳';

/** The record as it stands at `now`: closes waiting since before a daily close are done by it. */
function settled(row: CreditRow, now: number): { status: string; closes: Close[] } {
  const closes = closesOf(row);
  const dueBy = nextDailyClose(Number(row.changed_at));
  if (now < dueBy) return { status: row.status, closes };
  if (row.status === 'authorised' && !closes.some(counts))
    return {
      status: 'closed',
      closes: [...closes, { status: '已關帳', amount: row.amount, sno: String(closes.length + 1), at: dueBy }],
    };
  if (row.status === 'closing')
    return { status: 'closed', closes: closes.map((c) => (c.status === '要關帳' ? { ...c, status: '已關帳' } : c)) };
  return { status: row.status, closes };
}

const standing = (closes: Close[]) => closes.filter(counts).reduce((s, c) => s + c.amount, 0);

/** ECPay's status words of QueryTrade/V2 for a record. */
function statusWord(status: string, closes: Close[]): string {
  if (status === 'cancelled') return '已取消';
  if (closes.some(counts)) return '已關帳';
  return closes.length ? '操作取消' : '已授權';
}

const accountOf = (c: Context<AppEnv>) => ecpayConfig(c.get('deps').env).payment;
const db = (c: Context<AppEnv>) => c.get('deps').db.kysely;
/** With `ecpay.refund.down`: ECPay's server is out of service, and nothing is done. */
const down = (c: Context<AppEnv>) => (takeFault('ecpay.refund.down') ? c.text('Service Unavailable', 503) : null);

const v2Form = z.strictObject({
  MerchantID: z.string(),
  CreditRefundId: z.string().regex(/^\d{1,12}$/),
  CreditAmount: z.string().regex(/^\d{1,9}$/),
  CreditCheckCode: z.string().regex(/^\d{1,12}$/),
  PlatformID: z.string().optional(),
  CheckMacValue: z.string(),
});

/**
 * POST /CreditDetail/QueryTrade/V2: RtnMsg '' and RtnValue for the authorisation of the signed
 * CreditRefundId with its CreditAmount and the merchant's CreditCheckCode; RtnMsg `error_nopay`
 * when there is none, `error` when the request does not check out.
 */
export async function simQueryCreditTrade(c: Context<AppEnv>) {
  const unavailable = down(c);
  if (unavailable) return unavailable;
  const raw = await readForm(c);
  const parsed = v2Form.safeParse(raw);
  const account = accountOf(c);
  const error = (msg: string) => c.json({ RtnMsg: msg, RtnValue: null });
  if (!parsed.success || !verifyCheckMac(parsed.data, account, 'sha256')) return error('error');
  if (parsed.data.MerchantID !== account.merchantId) return error('error_Stop');
  if (parsed.data.CreditCheckCode !== ecpayConfig(c.get('deps').env).creditCheckCode) return error('error');
  const row = await db(c)
    .selectFrom('sim_ecpay_credit')
    .selectAll()
    .where('merchant_id', '=', account.merchantId)
    .where('gwsr', '=', Number(parsed.data.CreditRefundId))
    .executeTakeFirst();
  if (!row || row.amount !== Number(parsed.data.CreditAmount)) return error('error_nopay');
  const { status, closes } = settled(row, c.get('deps').clock.now());
  return c.json({
    RtnMsg: '',
    RtnValue: {
      TradeID: row.gwsr,
      amount: row.amount,
      clsamt: standing(closes),
      authtime: ecpayDateTime(Number(row.authorised_at)),
      status: statusWord(status, closes),
      close_data: closes.map((x) => ({
        status: x.status,
        amount: x.amount,
        sno: x.sno,
        datetime: ecpayDateTime(x.at),
      })),
    },
  });
}

const actionForm = z.strictObject({
  MerchantID: z.string(),
  MerchantTradeNo: z.string().regex(MERCHANT_TRADE_NO_RE),
  TradeNo: z.string().min(1).max(20),
  Action: z.enum(['C', 'R', 'E', 'N']),
  TotalAmount: z.string().regex(/^[1-9]\d{0,8}$/),
  PlatformID: z.string().optional(),
  CheckMacValue: z.string(),
});

/** The change `action` makes to a record, or ECPay's refusal. */
function apply(
  action: CreditAction,
  amount: number,
  row: CreditRow,
  now: number,
): { status: string; closes: Close[] } | { refused: string } {
  const { status, closes } = settled(row, now);
  const left = standing(closes);
  const add = (delta: number): Close[] => [
    ...closes,
    { status: '要關帳', amount: delta, sno: String(closes.length + 1), at: now },
  ];
  if (status === 'cancelled') return { refused: '此筆交易已取消' };
  switch (action) {
    case 'C':
      if (status !== 'authorised') return { refused: '更新失敗.(error_status_C)' };
      if (amount > row.amount) return { refused: '更新失敗.(error_amount_C)' };
      return { status: 'closing', closes: add(amount) };
    case 'E': {
      if (status !== 'closing') return { refused: '更新失敗.(error_status_E)' };
      const after = closes.map((x) => (x.status === '要關帳' ? { ...x, status: '操作取消' } : x));
      return { status: after.some(counts) ? 'closed' : 'authorised', closes: after };
    }
    case 'N':
      if (status !== 'authorised' || closes.some(counts)) return { refused: '更新失敗.(error_status_N)' };
      if (amount !== row.amount) return { refused: '更新失敗.(error_amount_N)' };
      return { status: 'cancelled', closes };
    case 'R':
      // A refund needs a close: on an authorised trade ECPay answers error_amount_R.
      if (status === 'authorised' || amount > left) return { refused: '更新失敗.(error_amount_R)' };
      if (row.installments > 0 && amount !== left) return { refused: '分期交易僅能全額退刷' };
      return { status: 'closing', closes: add(-amount) };
  }
}

/**
 * POST /CreditDetail/DoAction: changes the card trade of the signed MerchantTradeNo and TradeNo by
 * Action and TotalAmount, answering URL-encoded MerchantID, MerchantTradeNo, TradeNo, RtnCode (1
 * done, 0 refused) and RtnMsg.
 */
export async function simDoAction(c: Context<AppEnv>) {
  const unavailable = down(c);
  if (unavailable) return unavailable;
  const raw = await readForm(c);
  const parsed = actionForm.safeParse(raw);
  const account = accountOf(c);
  const answer = (f: Record<string, string>, code: string, msg: string) =>
    c.text(
      new URLSearchParams({
        MerchantID: account.merchantId,
        MerchantTradeNo: f.MerchantTradeNo ?? '',
        TradeNo: f.TradeNo ?? '',
        RtnCode: code,
        RtnMsg: msg,
      }).toString(),
    );
  const given = raw ?? {};
  if (!parsed.success) return answer(given, '0', 'Parameter Error');
  const f = parsed.data;
  if (!verifyCheckMac(f, account, 'sha256')) return answer(f, '0', 'CheckMacValue Error');
  if (f.MerchantID !== account.merchantId) return answer(f, '0', 'MerchantID Error');
  const now = c.get('deps').clock.now();
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db(c)
      .selectFrom('sim_ecpay_credit')
      .selectAll()
      .where('merchant_id', '=', f.MerchantID)
      .where('merchant_trade_no', '=', f.MerchantTradeNo)
      .where('trade_no', '=', f.TradeNo)
      .executeTakeFirst();
    if (!row) return answer(f, '0', '查無此筆交易');
    const next = apply(f.Action, Number(f.TotalAmount), row, now);
    if ('refused' in next) return answer(f, '0', next.refused);
    const moved = await db(c)
      .updateTable('sim_ecpay_credit')
      .set({ status: next.status, close_data: JSON.stringify(next.closes), version: row.version + 1, changed_at: now })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    // Another action changed the trade meanwhile: judge this one again on what it left.
    if (Number(moved.numUpdatedRows) === 1) return answer(f, '1', '');
  }
  return answer(f, '0', '交易處理中，請稍後再試');
}
