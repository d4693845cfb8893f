import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import { CARRIER_MOBILE_RE } from '../../../lib/taiwan/receiver.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { sign, verifyCheckMac } from '../ecpay/check-mac.ts';
import { ecpayConfig } from '../ecpay/config.ts';
import { ecpayDateTime, MERCHANT_TRADE_NO_RE } from '../ecpay/fields.ts';
import { deliverNotice } from '../ecpay/simulator/deliver.ts';
import { esc, page, readForm, sayer } from '../simulator-kit.ts';
import { brandOf, type CvsSubType } from './cvs.ts';
import {
  C2C_SUB_TYPES,
  type ExpressSubType,
  FORBIDDEN_RE,
  GOODS_AMOUNT_MAX,
  GOODS_NAME_MAX,
  HOME_SUB_TYPES,
  isExpressName,
  isHome,
  PRINT_PATHS,
} from './express.ts';
import { type ParcelStatus, pathTo, RANK } from './status.ts';

/**
 * The ECPay logistics simulator: `/Express/Create` with ECPay's checks and answers, the query by
 * trade number, the print pages, and the parcel's life (advanceParcel: a dev control and a test
 * hook), which posts signed status notices to the ServerReplyURL of the order.
 */

const SUB_TYPES: readonly string[] = [...C2C_SUB_TYPES, ...HOME_SUB_TYPES];
const RTN_MSG: Record<ParcelStatus, string> = {
  created: '訂單處理中',
  shipped: '商品已送至物流中心',
  arrived: '商品已送達門市',
  picked_up: '消費者成功取件',
  delivered: '已配達',
  unclaimed: '消費者七天未取件',
};

const refuse = (c: Context<AppEnv>, message: string) => c.text(`0|${message}`);
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** The problems of a Create request, as ECPay words them; empty when it would be accepted. */
async function problemsOf(deps: Deps, f: Record<string, string>): Promise<string[]> {
  const p: string[] = [];
  const sub = f.LogisticsSubType ?? '';
  if (!SUB_TYPES.includes(sub)) return ['LogisticsSubType 錯誤'];
  const home = isHome(sub);
  if (f.LogisticsType !== (home ? 'HOME' : 'CVS')) p.push('LogisticsType 錯誤');
  if (!MERCHANT_TRADE_NO_RE.test(f.MerchantTradeNo ?? '')) p.push('MerchantTradeNo 格式錯誤');
  if (!/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/.test(f.MerchantTradeDate ?? '')) p.push('MerchantTradeDate 格式錯誤');
  const amount = Number(f.GoodsAmount);
  if (!/^\d+$/.test(f.GoodsAmount ?? '') || amount < 1 || amount > GOODS_AMOUNT_MAX) p.push('10500040 商品金額錯誤');
  if (f.IsCollection !== 'Y' && f.IsCollection !== 'N') p.push('IsCollection 錯誤');
  if ((f.IsCollection === 'Y' || sub === 'UNIMARTC2C') && f.CollectionAmount !== f.GoodsAmount)
    p.push('CollectionAmount 須等於 GoodsAmount');
  const goods = f.GoodsName ?? '';
  if (!goods || [...goods].length > GOODS_NAME_MAX || FORBIDDEN_RE.test(goods)) p.push('GoodsName 錯誤');
  if (!isExpressName(f.SenderName ?? '')) p.push('SenderName 錯誤');
  if (!isExpressName(f.ReceiverName ?? '')) p.push('ReceiverName 錯誤');
  if (!CARRIER_MOBILE_RE.test(f.ReceiverCellPhone ?? '')) p.push('ReceiverCellPhone 錯誤');
  if (!/^09\d{8}$/.test(f.SenderCellPhone ?? '') && !/^0\d{7,9}$/.test((f.SenderPhone ?? '').replace(/\D/g, '')))
    p.push('SenderCellPhone 錯誤');
  if (!/^https?:\/\/\S+$/.test(f.ServerReplyURL ?? '')) p.push('ServerReplyURL 錯誤');
  if (home) {
    for (const k of ['SenderZipCode', 'SenderAddress', 'ReceiverZipCode', 'ReceiverAddress'])
      if (!f[k]) p.push(`${k} 錯誤`);
  } else {
    const store = await deps.db.kysely
      .selectFrom('sim_cvs_stores')
      .select('id')
      .where('brand', '=', brandOf(sub as CvsSubType))
      .where('store_id', '=', f.ReceiverStoreID ?? '')
      .executeTakeFirst();
    if (!store) p.push('ReceiverStoreID 錯誤：查無門市');
  }
  return p;
}

/** The fields ECPay reports of a logistics order (the Create answer, a query, a status notice). */
function reportOf(
  row: {
    merchant_trade_no: string;
    logistics_id: string;
    sub_type: string;
    form: string;
    cvs_payment_no: string;
    cvs_validation_no: string;
    booking_note: string;
    rtn_code: string;
    status: string;
  },
  at: number,
): Record<string, string> {
  const f = JSON.parse(row.form) as Record<string, string>;
  return {
    MerchantID: f.MerchantID ?? '',
    MerchantTradeNo: row.merchant_trade_no,
    RtnCode: row.rtn_code,
    RtnMsg: RTN_MSG[row.status as ParcelStatus] ?? '',
    AllPayLogisticsID: row.logistics_id,
    LogisticsType: f.LogisticsType ?? '',
    LogisticsSubType: row.sub_type,
    GoodsAmount: f.GoodsAmount ?? '',
    UpdateStatusDate: ecpayDateTime(at),
    ReceiverName: f.ReceiverName ?? '',
    ReceiverPhone: '',
    ReceiverCellPhone: f.ReceiverCellPhone ?? '',
    ReceiverEmail: f.ReceiverEmail ?? '',
    ReceiverAddress: f.ReceiverAddress ?? '',
    CVSPaymentNo: row.cvs_payment_no,
    CVSValidationNo: row.cvs_validation_no,
    BookingNote: row.booking_note,
  };
}

/** Reads and verifies a signed form of the configured merchant; otherwise the message ECPay would refuse it with. */
export async function signedForm(c: Context<AppEnv>): Promise<Record<string, string> | string> {
  const form = await readForm(c);
  if (!form) return 'Send it as a form POST';
  const account = ecpayConfig(c.get('deps').env).logistics;
  if (!verifyCheckMac(form, account, 'md5')) return '10200073 CheckMacValue Error';
  if (form.MerchantID !== account.merchantId) return 'MerchantID 錯誤';
  return form;
}

/** POST /Express/Create: answers `1|fields` with the new logistics order, or `0|message`. */
export async function simCreate(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const form = await signedForm(c);
  if (typeof form === 'string') return refuse(c, form);
  const problems = await problemsOf(deps, form);
  if (problems.length) return refuse(c, problems.join('；'));
  const k = deps.db.kysely;
  const taken = await k
    .selectFrom('sim_logistics_orders')
    .select('id')
    .where('merchant_id', '=', form.MerchantID!)
    .where('merchant_trade_no', '=', form.MerchantTradeNo!)
    .executeTakeFirst();
  if (taken) return refuse(c, 'MerchantTradeNo 重複');
  const sub = form.LogisticsSubType as ExpressSubType;
  const now = deps.clock.now();
  const { CheckMacValue: _, ...fields } = form;
  const row = {
    merchant_id: form.MerchantID!,
    merchant_trade_no: form.MerchantTradeNo!,
    logistics_id: `${randomInt(1, 10)}${digits(9)}`,
    sub_type: sub,
    form: JSON.stringify(fields),
    cvs_payment_no: isHome(sub) ? '' : sub === 'UNIMARTC2C' ? digits(8) : `${sub[0]}${digits(10)}`,
    cvs_validation_no: sub === 'UNIMARTC2C' ? digits(4) : '',
    booking_note: isHome(sub) ? digits(12) : '',
    status: 'created',
    rtn_code: '300',
    created_at: now,
    updated_at: now,
  };
  await k.insertInto('sim_logistics_orders').values(row).execute();
  const account = ecpayConfig(deps.env).logistics;
  return c.text(`1|${new URLSearchParams(sign(reportOf(row, now), account, 'md5')).toString()}`);
}

/** POST /Helper/QueryLogisticsTradeInfo/V2: the order of a MerchantTradeNo or AllPayLogisticsID, signed. */
export async function simQuery(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const form = await signedForm(c);
  if (typeof form === 'string') return refuse(c, form);
  let q = deps.db.kysely.selectFrom('sim_logistics_orders').selectAll().where('merchant_id', '=', form.MerchantID!);
  if (form.AllPayLogisticsID) q = q.where('logistics_id', '=', form.AllPayLogisticsID);
  else q = q.where('merchant_trade_no', '=', form.MerchantTradeNo ?? '');
  const row = await q.executeTakeFirst();
  if (!row) return refuse(c, '查無此筆物流訂單');
  const report = reportOf(row, Number(row.updated_at));
  const { RtnCode, RtnMsg, ...rest } = report;
  const account = ecpayConfig(deps.env).logistics;
  return c.text(new URLSearchParams(sign({ ...rest, LogisticsStatus: RtnCode ?? '' }, account, 'md5')).toString());
}

/** The simulator's status of a logistics order cancelled by CancelC2COrder (not a parcel status). */
export const SIM_CANCELLED = 'cancelled';

/**
 * POST /Express/CancelC2COrder: as ECPay's, `1|OK` once the 7-ELEVEN C2C logistics order of the
 * signed MerchantID, AllPayLogisticsID, CVSPaymentNo and CVSValidationNo is cancelled; refused for
 * another chain or carrier, codes that do not match, and a parcel already dropped off or cancelled.
 */
export async function simCancelC2c(c: Context<AppEnv>) {
  const form = await signedForm(c);
  if (typeof form === 'string') return refuse(c, form);
  for (const k of ['AllPayLogisticsID', 'CVSPaymentNo', 'CVSValidationNo']) if (!form[k]) return refuse(c, `${k} 錯誤`);
  const k = c.get('deps').db.kysely;
  const row = await k
    .selectFrom('sim_logistics_orders')
    .selectAll()
    .where('merchant_id', '=', form.MerchantID!)
    .where('logistics_id', '=', form.AllPayLogisticsID!)
    .executeTakeFirst();
  if (!row) return refuse(c, '查無此筆物流訂單');
  if (row.sub_type !== 'UNIMARTC2C') return refuse(c, '取消訂單僅提供 7-ELEVEN 超商 C2C');
  if (form.CVSPaymentNo !== row.cvs_payment_no || form.CVSValidationNo !== row.cvs_validation_no)
    return refuse(c, '寄貨編號或驗證碼錯誤');
  if (row.status === SIM_CANCELLED) return refuse(c, '此筆物流訂單已取消');
  const cancelled = await k
    .updateTable('sim_logistics_orders')
    .set({ status: SIM_CANCELLED, updated_at: c.get('deps').clock.now() })
    .where('id', '=', row.id)
    .where('status', '=', 'created')
    .executeTakeFirst();
  if (Number(cancelled.numUpdatedRows) !== 1) return refuse(c, '商品已寄件，無法取消');
  return c.text('1|OK');
}

const PRINT_TEXT = {
  title: { zh: '託運單', en: 'Shipping label' },
  code: { zh: '寄貨編號', en: 'Shipping code' },
  validation: { zh: '驗證碼', en: 'Validation code' },
  booking: { zh: '託運單號', en: 'Booking note' },
  id: { zh: '物流交易編號', en: 'Logistics ID' },
  chain: { zh: '物流', en: 'Carrier' },
  receiver: { zh: '收件人', en: 'Receiver' },
  store: { zh: '取件門市', en: 'Pickup store' },
  address: { zh: '收件地址', en: 'Address' },
  collect: { zh: '代收金額', en: 'Collect' },
  goods: { zh: '商品', en: 'Goods' },
  none: { zh: '查無此筆物流訂單。', en: 'No such logistics order.' },
} as const;

/** POST of a print endpoint: the label as an HTML page with the shipping code. */
export async function simPrint(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const say = sayer(PRINT_TEXT, c.get('locale'));
  const form = await signedForm(c);
  const none = () => page(c, say('title'), `<p class="error" role="alert">${esc(say('none'))}</p>`, { status: 400 });
  if (typeof form === 'string') return none();
  const row = await deps.db.kysely
    .selectFrom('sim_logistics_orders')
    .selectAll()
    .where('merchant_id', '=', form.MerchantID!)
    .where('logistics_id', '=', form.AllPayLogisticsID ?? '')
    .executeTakeFirst();
  const path = new URL(c.req.url).pathname;
  if (!row || !path.endsWith(PRINT_PATHS[row.sub_type as ExpressSubType])) return none();
  if (!isHome(row.sub_type) && form.CVSPaymentNo !== row.cvs_payment_no) return none();
  if (row.sub_type === 'UNIMARTC2C' && form.CVSValidationNo !== row.cvs_validation_no) return none();
  const f = JSON.parse(row.form) as Record<string, string>;
  const store = f.ReceiverStoreID
    ? await deps.db.kysely
        .selectFrom('sim_cvs_stores')
        .select(['name', 'address'])
        .where('brand', '=', brandOf(row.sub_type as CvsSubType))
        .where('store_id', '=', f.ReceiverStoreID)
        .executeTakeFirst()
    : undefined;
  const rows: [string, string][] = [
    [say('chain'), row.sub_type],
    ...(isHome(row.sub_type)
      ? ([
          [say('booking'), row.booking_note],
          [say('address'), `${f.ReceiverZipCode ?? ''} ${f.ReceiverAddress ?? ''}`],
        ] as [string, string][])
      : ([
          [say('code'), row.cvs_payment_no],
          ...(row.cvs_validation_no ? [[say('validation'), row.cvs_validation_no]] : []),
          [say('store'), store ? `${store.name}（${f.ReceiverStoreID}）${store.address}` : (f.ReceiverStoreID ?? '')],
        ] as [string, string][])),
    [say('receiver'), f.ReceiverName ?? ''],
    [say('goods'), f.GoodsName ?? ''],
    [say('collect'), f.IsCollection === 'Y' ? `NT$${f.CollectionAmount}` : '-'],
    [say('id'), row.logistics_id],
  ];
  const dl = rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('');
  return page(c, say('title'), `<dl>${dl}</dl>`);
}

export class AdvanceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdvanceError';
  }
}

/**
 * Walks the simulated logistics order of `merchantTradeNo` through each of ECPay's statuses up to
 * `to`, posting each signed status notice to its ServerReplyURL (resent until `1|OK`, as ECPay does).
 * Steps already taken are skipped. Throws AdvanceError when there is no such order, `to` is not on
 * its way (a home parcel is never left at a store), or the shop did not take a notice.
 */
export async function advanceParcel(deps: Deps, merchantTradeNo: string, to: ParcelStatus): Promise<string[]> {
  const k = deps.db.kysely;
  const account = ecpayConfig(deps.env).logistics;
  const row = await k
    .selectFrom('sim_logistics_orders')
    .selectAll()
    .where('merchant_id', '=', account.merchantId)
    .where('merchant_trade_no', '=', merchantTradeNo)
    .executeTakeFirst();
  if (!row) throw new AdvanceError(`The simulator has no logistics order ${merchantTradeNo}.`);
  if (row.status === SIM_CANCELLED) throw new AdvanceError(`The logistics order ${merchantTradeNo} is cancelled.`);
  const steps = pathTo(row.sub_type as ExpressSubType, to);
  if (!steps.length) throw new AdvanceError(`A ${row.sub_type} parcel cannot be ${to}.`);
  const done = RANK[row.status as ParcelStatus] ?? 0;
  if (done >= 3 && row.status !== steps.at(-1)!.status) throw new AdvanceError(`The parcel is already ${row.status}.`);
  const url = (JSON.parse(row.form) as Record<string, string>).ServerReplyURL!;
  const sent: string[] = [];
  for (const step of steps) {
    if (RANK[step.status] <= done) continue;
    const now = deps.clock.now();
    const next = { ...row, status: step.status, rtn_code: step.code, updated_at: now };
    const delivery = await deliverNotice(url, sign(reportOf(next, now), account, 'md5'), deps.env.ECPAY_SIM_RESEND_MS);
    if (!delivery.ok) throw new AdvanceError(`The shop did not take status ${step.code}: ${delivery.answer}`);
    await k
      .updateTable('sim_logistics_orders')
      .set({ status: step.status, rtn_code: step.code, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    sent.push(step.code);
  }
  return sent;
}
