import type { Locale } from '../../config.ts';
import { type Msg, pick } from '../common/i18n.ts';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import { NOTICE_ACK } from '../providers/ecpay/notice.ts';
import type { NoticeAnswer } from '../providers/ecpay/notice-route.ts';
import { ExpressUnclearError } from '../providers/logistics/adapter.ts';
import { ExpressRefusal, ExpressRequestError, GOODS_AMOUNT_MAX, goodsNameOf } from '../providers/logistics/express.ts';
import {
  type BookedReturn,
  createHomeReturn,
  createStoreReturn,
  parseReturnNotice,
  RETURN_RANK,
  type ReturnChain,
  type ReturnNotice,
  ReturnNoticeError,
  type ReturnParcelStatus,
  returnStatusOf,
} from '../providers/logistics/express-return.ts';
import { logisticsBase } from '../shipping/shipment-provider.ts';
import { carrierName } from '../shipping/shipment-text.ts';
import { ReturnActionError } from './refund.ts';
import { moveReturn } from './return-states.ts';

/**
 * The return parcel (issue 40, item 3): a return approved with method `parcel` is booked with
 * ECPay's reverse logistics for the carrier the order went out by (7-ELEVEN, FamilyMart and Hi-Life
 * store returns on the outbound AllPayLogisticsID; T-CAT home returns, the driver collecting at the
 * delivery address), the shop paying. The booking is claimed on the return's row first ('' or
 * failed → booking), so a double click or two servers book once; a refusal or no answer leaves the
 * return approved with the reason kept and a retry possible. The parcel's status notices
 * (ServerReplyURL) move the return approved → in_transit once the shopper hands the parcel over.
 */

/** Where ECPay posts the return parcels' status notices: the shop's own address (SITE_URL). */
export const RETURN_NOTIFY_PATH = '/api/returns/ecpay/notify';

/** The outbound sub-types whose parcels ECPay takes back, and how. */
const STORE_CHAINS: Record<string, ReturnChain> = { UNIMARTC2C: 'UNIMART', FAMIC2C: 'FAMI', HILIFEC2C: 'HILIFE' };
const HOME_RETURNS = new Set(['TCAT']);

/** A booking claimed this long ago and not finished (the server stopped mid-call) may be claimed again. */
export const BOOKING_STALE_MS = 2 * 60_000;

const chainOf = (subType: string): ReturnChain | 'TCAT' | null =>
  STORE_CHAINS[subType] ?? (HOME_RETURNS.has(subType) ? 'TCAT' : null);

/** The outbound parcel of an order when ECPay can take it back (a booked store or T-CAT parcel), else undefined. */
async function returnableParcel(deps: Deps, orderId: number) {
  const s = await deps.db.kysely
    .selectFrom('shipments')
    .select(['sub_type', 'logistics_id', 'state'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (s?.state !== 'created' || !s.logistics_id || !chainOf(s.sub_type)) return undefined;
  return { subType: s.sub_type, logisticsId: s.logistics_id };
}

/** Whether a parcel back can be booked for the order: the default method of its returns. */
export async function parcelReturnable(deps: Deps, orderId: number): Promise<boolean> {
  return (await returnableParcel(deps, orderId)) !== undefined;
}

export const NO_PARCEL: Msg = {
  zh: '這筆訂單的物流商不提供退貨包裹（限 7-ELEVEN、全家、萊爾富與黑貓宅急便寄出的訂單），請改選「顧客自行寄回」或「到店退貨」。',
  en: 'No return parcel for this order’s carrier (only orders sent by 7-Eleven, FamilyMart, Hi-Life or T-CAT): choose “the shopper sends it back” or “brought to the shop”.',
};

const reasonOf = (err: unknown): string => {
  if (err instanceof ExpressRefusal) return `ECPay: ${err.message}`;
  if (err instanceof ExpressRequestError) return err.problems.join('; ');
  if (err instanceof ExpressUnclearError) return 'ECPay did not answer';
  throw err;
};

/**
 * Books the return parcel of an approved `parcel` return, once: claims the row ('' or failed →
 * booking, or a booking left unfinished for BOOKING_STALE_MS), calls ECPay, and keeps what it booked (status created) or why it failed (status failed,
 * the reason; throws ReturnActionError). A return already booked, or being booked, is left alone.
 */
export async function bookReturnParcel(deps: Deps, returnId: number): Promise<void> {
  const k = deps.db.kysely;
  const r = await k
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.order_id', 'o.no', 'o.receiver_name', 'o.receiver_phone'])
    .where('r.id', '=', returnId)
    .executeTakeFirstOrThrow();
  const parcel = await returnableParcel(deps, r.order_id);
  if (!parcel) throw new ReturnActionError(NO_PARCEL);
  const now = deps.clock.now();
  const claimed = await k
    .updateTable('returns')
    .set({
      parcel_status: 'booking',
      parcel_error: '',
      parcel_sub_type: parcel.subType,
      parcel_logistics_id: parcel.logisticsId,
      updated_at: now,
    })
    .where('id', '=', returnId)
    .where('state', '=', 'approved')
    .where('return_method', '=', 'parcel')
    .where((eb) =>
      eb.or([
        eb('parcel_status', 'in', ['', 'failed']),
        eb.and([eb('parcel_status', '=', 'booking'), eb('updated_at', '<', now - BOOKING_STALE_MS)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return;
  const lines = await k
    .selectFrom('return_lines as rl')
    .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
    .select(['l.name_zh', 'l.unit_price', 'rl.quantity'])
    .where('rl.return_id', '=', returnId)
    .orderBy('rl.id')
    .execute();
  const value = lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0);
  const goodsAmount = Math.max(1, Math.min(value, GOODS_AMOUNT_MAX));
  const opts = { account: ecpayConfig(deps.env).logistics, baseUrl: logisticsBase(deps) };
  const serverReplyUrl = `${new URL(deps.env.SITE_URL).origin}${RETURN_NOTIFY_PATH}`;
  const chain = chainOf(parcel.subType)!;
  let booked: BookedReturn;
  try {
    booked =
      chain === 'TCAT'
        ? await createHomeReturn(opts, { logisticsId: parcel.logisticsId, goodsAmount, serverReplyUrl })
        : await createStoreReturn(opts, {
            chain,
            logisticsId: parcel.logisticsId,
            goodsName: goodsNameOf(lines.map((l) => l.name_zh)).replace(/['"]/g, ''),
            goodsAmount,
            sender: { name: r.receiver_name, cellPhone: r.receiver_phone },
            serverReplyUrl,
            remark: r.no,
          });
  } catch (err) {
    const reason = reasonOf(err).slice(0, 200);
    await k
      .updateTable('returns')
      .set({ parcel_status: 'failed', parcel_error: reason, updated_at: deps.clock.now() })
      .where('id', '=', returnId)
      .where('parcel_status', '=', 'booking')
      .execute();
    log.warn({ event: 'return_parcel_failed', returnId, orderNo: r.no, reason }, 'return parcel not booked');
    throw new ReturnActionError({
      zh: `退貨 #${returnId} 已核准，但退貨包裹沒有建立（${reason}）。請稍後再按一次核准重試。`,
      en: `Return #${returnId} is approved, but its return parcel was not booked (${reason}). Approve it again to retry.`,
    });
  }
  await k
    .updateTable('returns')
    .set({
      parcel_status: 'created',
      parcel_rtn_no: booked.rtnMerchantTradeNo ?? '',
      parcel_code: booked.rtnOrderNo ?? '',
      updated_at: deps.clock.now(),
    })
    .where('id', '=', returnId)
    .where('parcel_status', '=', 'booking')
    .execute();
  log.info(
    { event: 'return_parcel_booked', returnId, orderNo: r.no, rtnMerchantTradeNo: booked.rtnMerchantTradeNo },
    'return parcel booked',
  );
}

/** The return a notice is of: a store return by its RtnMerchantTradeNo; a home return by the outbound parcel. */
async function returnOfNotice(deps: Deps, n: ReturnNotice) {
  const k = deps.db.kysely;
  const cols = ['id', 'parcel_sub_type', 'parcel_status', 'parcel_rtn_no', 'parcel_code'] as const;
  const byNo = await k
    .selectFrom('returns')
    .select(cols)
    .where('parcel_rtn_no', '=', n.rtnMerchantTradeNo)
    .where('return_method', '=', 'parcel')
    .executeTakeFirst();
  if (byNo) return byNo;
  if (!n.logisticsId) return undefined;
  return k
    .selectFrom('returns')
    .select(cols)
    .where('parcel_rtn_no', '=', '')
    .where('parcel_sub_type', 'in', [...HOME_RETURNS])
    .where('parcel_logistics_id', '=', n.logisticsId)
    .where('parcel_status', 'in', ['created', 'handed_over', 'at_centre', 'returned'])
    .where('return_method', '=', 'parcel')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * A status notice of a return parcel (ServerReplyURL): verified (MD5 CheckMacValue, merchant),
 * matched to its return, and applied in one transaction: the parcel's status only moves forward,
 * and once the shopper has handed the parcel over the return moves approved → in_transit (a return
 * already further along keeps its state). Answered `1|OK` after the commit; a forged or unknown
 * notice changes nothing and is answered `0|…`.
 */
export async function handleReturnNotice(deps: Deps, form: Record<string, string>): Promise<NoticeAnswer> {
  let notice: ReturnNotice;
  try {
    notice = parseReturnNotice(form, ecpayConfig(deps.env).logistics);
  } catch (err) {
    if (!(err instanceof ReturnNoticeError)) throw err;
    log.warn(
      { event: 'return_notice_refused', reason: err.fault, rtnMerchantTradeNo: form.RtnMerchantTradeNo ?? null },
      err.message,
    );
    return { status: 400, body: `0|${err.fault}` };
  }
  const r = await returnOfNotice(deps, notice);
  if (!r) {
    log.warn(
      { event: 'return_notice_refused', reason: 'unknown-return', rtnMerchantTradeNo: notice.rtnMerchantTradeNo },
      'status notice for an unknown return parcel',
    );
    return { status: 400, body: '0|unknown-return' };
  }
  const status = returnStatusOf(chainOf(r.parcel_sub_type)!, notice.rtnCode);
  const now = deps.clock.now();
  const moved = await deps.db.kysely.transaction().execute(async (trx) => {
    // The number a home return learns from its first notice, and its BookingNote as its code.
    await trx
      .updateTable('returns')
      .set({
        parcel_rtn_no: notice.rtnMerchantTradeNo,
        ...(r.parcel_code === '' && notice.bookingNote ? { parcel_code: notice.bookingNote.slice(0, 30) } : {}),
      })
      .where('id', '=', r.id)
      .where('parcel_rtn_no', '=', '')
      .execute();
    if (status === null) return false;
    const lower = (Object.keys(RETURN_RANK) as ReturnParcelStatus[]).filter(
      (s) => RETURN_RANK[s] < RETURN_RANK[status],
    );
    const advanced = await trx
      .updateTable('returns')
      .set({ parcel_status: status, updated_at: now })
      .where('id', '=', r.id)
      .where('parcel_status', 'in', lower)
      .executeTakeFirst();
    if (Number(advanced.numUpdatedRows) !== 1 || RETURN_RANK[status] < RETURN_RANK.handed_over) return false;
    const note = `${notice.rtnCode} ${notice.rtnMsg}`.trim();
    return moveReturn(trx, { returnId: r.id, to: 'in_transit', note, now });
  });
  log.info(
    {
      event: 'return_notice',
      returnId: r.id,
      rtnMerchantTradeNo: notice.rtnMerchantTradeNo,
      rtnCode: notice.rtnCode,
      status,
      inTransit: moved,
    },
    'return parcel status notice',
  );
  return { status: 200, body: NOTICE_ACK };
}

/** The return parcel on the wire. */
export interface WireReturnParcel {
  carrier: string;
  code: string;
  status: 'booking' | 'failed' | ReturnParcelStatus;
  status_text: string;
  instructions: string;
  /** Why the booking failed (status failed). */
  error?: string;
}

const STATUS_TEXT: Record<WireReturnParcel['status'], Msg> = {
  booking: { zh: '退貨包裹建立中', en: 'Booking the return parcel' },
  failed: { zh: '退貨包裹建立失敗，店家將重試', en: 'The return parcel could not be booked; the shop will retry' },
  created: { zh: '已建立退貨單，等待寄回', en: 'Booked, waiting to be sent back' },
  handed_over: { zh: '已寄出，退回中', en: 'Sent back, on its way' },
  at_centre: { zh: '已到物流中心', en: 'At the logistics centre' },
  returned: { zh: '店家已收到包裹', en: 'Back with the shop' },
};

const KIOSK: Record<ReturnChain, Msg> = {
  UNIMART: { zh: 'ibon', en: 'ibon' },
  FAMI: { zh: 'FamiPort', en: 'FamiPort' },
  HILIFE: { zh: 'Life-ET', en: 'Life-ET' },
};

function instructionsOf(subType: string, code: string, status: string, locale: Locale): string {
  if (status !== 'created') return '';
  const chain = chainOf(subType);
  if (chain === 'TCAT')
    return pick(
      {
        zh: '運費由店家負擔。請將商品包裝好，黑貓宅急便的司機會到原收件地址收件。',
        en: 'The shop pays the carriage. Pack the goods: T-CAT’s driver collects the parcel at the delivery address.',
      },
      locale,
    );
  if (!chain || !code) return '';
  const store = carrierName(subType, locale);
  const kiosk = pick(KIOSK[chain], locale);
  return pick(
    {
      zh: `運費由店家負擔。請在任一家${store}門市的 ${kiosk} 輸入退貨編號 ${code}，列印單據後連同包裹交給櫃台。`,
      en: `The shop pays the carriage. At any ${store} store, key the return code ${code} into the ${kiosk} kiosk, print the slip and hand it to the counter with the parcel.`,
    },
    locale,
  );
}

/** The return parcel of a return row as the shopper and the console see it, or null (none booked or asked). */
export function wireReturnParcel(
  r: {
    return_method: string;
    parcel_status: string;
    parcel_sub_type: string;
    parcel_code: string;
    parcel_error: string;
  },
  locale: Locale,
): WireReturnParcel | null {
  if (r.return_method !== 'parcel' || !r.parcel_status) return null;
  const status = r.parcel_status as WireReturnParcel['status'];
  return {
    carrier: carrierName(r.parcel_sub_type, locale),
    code: r.parcel_code,
    status,
    status_text: pick(STATUS_TEXT[status] ?? STATUS_TEXT.created, locale),
    instructions: instructionsOf(r.parcel_sub_type, r.parcel_code, status, locale),
    ...(status === 'failed' && r.parcel_error ? { error: r.parcel_error } : {}),
  };
}
