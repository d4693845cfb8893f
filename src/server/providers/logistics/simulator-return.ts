import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { sign } from '../ecpay/check-mac.ts';
import { ecpayConfig } from '../ecpay/config.ts';
import { ecpayDateTime } from '../ecpay/fields.ts';
import { deliverNotice } from '../ecpay/simulator/deliver.ts';
import { FORBIDDEN_RE, GOODS_AMOUNT_MAX, GOODS_NAME_MAX, isExpressName } from './express.ts';
import { RETURN_RANK, RETURN_STATUS_CODES, type ReturnChain, type ReturnParcelStatus } from './express-return.ts';
import { AdvanceError, signedForm } from './simulator-express.ts';

/**
 * The logistics simulator's return orders: ReturnUniMartCVS, ReturnCVS, ReturnHilifeCVS and
 * ReturnHome with ECPay's checks and answers, and the return parcel's life (advanceReturnParcel, a
 * test and dev hook), which posts the signed status notices to the return's ServerReplyURL.
 */

/** The outbound sub-types a store return may name, per chain. */
const CHAIN_SUB_TYPES: Record<ReturnChain, readonly string[]> = {
  UNIMART: ['UNIMARTC2C', 'UNIMART'],
  FAMI: ['FAMIC2C', 'FAMI'],
  HILIFE: ['HILIFEC2C', 'HILIFE'],
};
const RTN_MSG: Record<ReturnParcelStatus, string> = {
  created: '退貨訂單處理中',
  handed_over: '買家已到門市寄件',
  at_centre: '退貨商品已至物流中心',
  returned: '賣家已取退回包裹',
};
const HOME_MSG: Partial<Record<ReturnParcelStatus, string>> = { handed_over: '退貨包裹已取回', returned: '退貨配完' };

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const refuse = (c: Context<AppEnv>, message: string) => c.text(`0|${message}`);

async function outbound(c: Context<AppEnv>, merchantId: string, logisticsId: string) {
  return c
    .get('deps')
    .db.kysely.selectFrom('sim_logistics_orders')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('logistics_id', '=', logisticsId)
    .executeTakeFirst();
}

async function book(
  c: Context<AppEnv>,
  form: Record<string, string>,
  subType: string,
  row: { logisticsId: string; rtnOrderNo: string; bookingNote: string },
) {
  const now = c.get('deps').clock.now();
  const { CheckMacValue: _mac, ...fields } = form;
  // ECPay's number is the time to the second and 4 digits: two returns booked in one second may draw
  // the same one (a test clock stands still), so a number already taken is drawn again.
  for (;;) {
    const rtnNo = `${ecpayDateTime(now).replace(/\D/g, '').slice(2)}${digits(4)}`;
    const inserted = await c
      .get('deps')
      .db.kysely.insertInto('sim_logistics_returns')
      .values({
        merchant_id: form.MerchantID!,
        rtn_merchant_trade_no: rtnNo,
        rtn_order_no: row.rtnOrderNo,
        sub_type: subType,
        logistics_id: row.logisticsId,
        booking_note: row.bookingNote,
        form: JSON.stringify(fields),
        status: 'created',
        rtn_code: RETURN_STATUS_CODES[subType as ReturnChain | 'TCAT'].created![0]!,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('rtn_merchant_trade_no').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return rtnNo;
  }
}

/** POST of a store return route: `RtnMerchantTradeNo|RtnOrderNo`, or `0|message`. */
export function simStoreReturn(chain: ReturnChain) {
  return async (c: Context<AppEnv>) => {
    const form = await signedForm(c);
    if (typeof form === 'string') return refuse(c, form);
    const p: string[] = [];
    const amount = Number(form.GoodsAmount);
    if (!/^\d+$/.test(form.GoodsAmount ?? '') || amount < 1 || amount > GOODS_AMOUNT_MAX) p.push('GoodsAmount 錯誤');
    if (form.ServiceType !== '4') p.push('ServiceType 錯誤');
    if (!/^https?:\/\/\S+$/.test(form.ServerReplyURL ?? '')) p.push('ServerReplyURL 錯誤');
    const goods = form.GoodsName ?? '';
    if ([...goods].length > GOODS_NAME_MAX || FORBIDDEN_RE.test(goods) || /['"]/.test(goods)) p.push('GoodsName 錯誤');
    const name = form.SenderName ?? '';
    if (!isExpressName(name) || /\s/.test(name)) p.push('SenderName 錯誤');
    const phone = form.SenderPhone ?? '';
    if ((phone || chain === 'HILIFE') && !/^09\d{8}$/.test(phone)) p.push('SenderPhone 錯誤');
    if (form.CollectionAmount && form.CollectionAmount !== '0') p.push('CollectionAmount 錯誤');
    const given = form.AllPayLogisticsID ?? '';
    if (given) {
      const order = /^\d+$/.test(given) ? await outbound(c, form.MerchantID!, given) : undefined;
      if (!order || !CHAIN_SUB_TYPES[chain].includes(order.sub_type))
        p.push('AllPayLogisticsID 錯誤：查無此筆物流訂單');
    }
    if (p.length) return refuse(c, p.join('；'));
    const rtnOrderNo = digits(chain === 'HILIFE' ? 13 : 12);
    const rtnNo = await book(c, form, chain, {
      logisticsId: given || `${randomInt(1, 10)}${digits(9)}`,
      rtnOrderNo,
      bookingNote: '',
    });
    return c.text(`${rtnNo}|${rtnOrderNo}`);
  };
}

/** POST /Express/ReturnHome: `1|OK` for the return of a T-CAT order; Chunghwa Post has none. */
export async function simHomeReturn(c: Context<AppEnv>) {
  const form = await signedForm(c);
  if (typeof form === 'string') return refuse(c, form);
  const amount = Number(form.GoodsAmount);
  if (!/^\d+$/.test(form.GoodsAmount ?? '') || amount < 1 || amount > GOODS_AMOUNT_MAX)
    return refuse(c, 'GoodsAmount 錯誤');
  if (!/^https?:\/\/\S+$/.test(form.ServerReplyURL ?? '')) return refuse(c, 'ServerReplyURL 錯誤');
  const order = /^\d+$/.test(form.AllPayLogisticsID ?? '')
    ? await outbound(c, form.MerchantID!, form.AllPayLogisticsID!)
    : undefined;
  if (!order) return refuse(c, 'AllPayLogisticsID 錯誤：查無此筆物流訂單');
  if (order.sub_type === 'POST') return refuse(c, '中華郵政不提供逆物流服務');
  if (order.sub_type !== 'TCAT') return refuse(c, 'LogisticsSubType 錯誤');
  await book(c, form, 'TCAT', { logisticsId: order.logistics_id, rtnOrderNo: '', bookingNote: digits(12) });
  return c.text('1|OK');
}

/** The steps a return parcel takes to `to`, each with the code ECPay sends for it. */
function stepsTo(chain: ReturnChain | 'TCAT', to: ReturnParcelStatus) {
  const table = RETURN_STATUS_CODES[chain];
  const all: ReturnParcelStatus[] = ['handed_over', 'at_centre', 'returned'];
  return all
    .filter((s) => table[s] && RETURN_RANK[s] <= RETURN_RANK[to])
    .map((status) => ({ status, code: table[status]![0]! }));
}

/**
 * Walks the return order `rtnMerchantTradeNo` through ECPay's statuses up to `to`, posting each
 * signed status notice to its ServerReplyURL (resent until `1|OK`, as ECPay does) and skipping the
 * steps already taken. The sent codes; throws AdvanceError when there is no such return or the shop
 * did not take a notice.
 */
export async function advanceReturnParcel(
  deps: Deps,
  rtnMerchantTradeNo: string,
  to: ReturnParcelStatus,
): Promise<string[]> {
  const k = deps.db.kysely;
  const account = ecpayConfig(deps.env).logistics;
  const row = await k
    .selectFrom('sim_logistics_returns')
    .selectAll()
    .where('merchant_id', '=', account.merchantId)
    .where('rtn_merchant_trade_no', '=', rtnMerchantTradeNo)
    .executeTakeFirst();
  if (!row) throw new AdvanceError(`The simulator has no return order ${rtnMerchantTradeNo}.`);
  const form = JSON.parse(row.form) as Record<string, string>;
  const done = RETURN_RANK[row.status as ReturnParcelStatus] ?? 0;
  const sent: string[] = [];
  for (const step of stepsTo(row.sub_type as ReturnChain | 'TCAT', to)) {
    if (RETURN_RANK[step.status] <= done) continue;
    const now = deps.clock.now();
    const notice = sign(
      {
        MerchantID: row.merchant_id,
        RtnMerchantTradeNo: row.rtn_merchant_trade_no,
        RtnCode: step.code,
        RtnMsg: (row.sub_type === 'TCAT' ? HOME_MSG[step.status] : undefined) ?? RTN_MSG[step.status],
        AllPayLogisticsID: row.logistics_id,
        GoodsAmount: form.GoodsAmount ?? '',
        UpdateStatusDate: ecpayDateTime(now),
        BookingNote: row.booking_note,
      },
      account,
      'md5',
    );
    const delivery = await deliverNotice(form.ServerReplyURL!, notice, deps.env.ECPAY_SIM_RESEND_MS);
    if (!delivery.ok) throw new AdvanceError(`The shop did not take return status ${step.code}: ${delivery.answer}`);
    await k
      .updateTable('sim_logistics_returns')
      .set({ status: step.status, rtn_code: step.code, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    sent.push(step.code);
  }
  return sent;
}
