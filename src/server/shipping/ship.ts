import { type Refusal, stateName } from '../common/refusals.ts';
import type { Deps } from '../context.ts';
import { moveOrder } from '../orders/order-state.ts';
import { lockOrder } from '../payment/notices.ts';
import { ExpressUnclearError, type LogisticsProvider } from '../providers/logistics/adapter.ts';
import {
  type CreateRequest,
  type ExpressOrder,
  ExpressRefusal,
  ExpressRequestError,
  type ExpressSubType,
  GOODS_AMOUNT_MAX,
  goodsNameOf,
} from '../providers/logistics/express.ts';
import { logisticsProvider, serverReplyUrl } from './shipment-provider.ts';

/** A refusal to ship: a message for the owner's terminal, and the refusal for the console. */
export class ShipError extends Error {
  readonly refusal: Refusal;
  constructor(message: string, refusal: Refusal, cause?: unknown) {
    super(message, { cause });
    this.name = 'ShipError';
    this.refusal = refusal;
  }
}

const notShippable = (no: string, state: string) =>
  new ShipError(`Order ${no} is ${state}: only paid (or collect-on-delivery) orders ship.`, {
    code: 'ship_state',
    params: { no, state: stateName(state) },
  });

/** Penghu, Kinmen and Lienchiang: ECPay's Distance 02. */
const OUTLYING_CITIES = new Set(['澎湖縣', '金門縣', '連江縣']);

/** Payment methods where the store or carrier collects the money: IsCollection=Y. */
export const COLLECTED = ['pickup_pay', 'cod'] as const;

/** The order's own trade number for its shipment: the order number without its dash. */
export const shipmentTradeNo = (orderNo: string): string => orderNo.replace(/[^0-9A-Za-z]/g, '');

type OrderRow = Awaited<ReturnType<typeof orderOf>>;
const orderOf = (deps: Deps, no: string) =>
  deps.db.kysely.selectFrom('orders').selectAll().where('no', '=', no).executeTakeFirst();
const shipmentOf = (deps: Deps, orderId: number) =>
  deps.db.kysely.selectFrom('shipments').selectAll().where('order_id', '=', orderId).executeTakeFirst();

async function sysVar(deps: Deps, code: string): Promise<string> {
  const row = await deps.db.kysely
    .selectFrom('sys_vars')
    .select('data')
    .where('code', '=', code)
    .where('locale', '=', 'zh-TW')
    .executeTakeFirst();
  return row?.data ?? '';
}

/** The Create request of an order: the shop sends, the order's receiver, store or address receives. */
async function requestOf(deps: Deps, o: NonNullable<OrderRow>, subType: ExpressSubType): Promise<CreateRequest> {
  const lines = await deps.db.kysely
    .selectFrom('order_lines')
    .select('name_zh')
    .where('order_id', '=', o.id)
    .orderBy('id')
    .execute();
  const collection = (COLLECTED as readonly string[]).includes(o.payment_method);
  if (collection && o.total > GOODS_AMOUNT_MAX)
    throw new ShipError(`Order ${o.no} collects NT$${o.total}: ECPay collects at most NT$${GOODS_AMOUNT_MAX}.`, {
      code: 'collect_over_max',
      params: {
        no: o.no,
        total: `NT$${o.total.toLocaleString('en-US')}`,
        max: `NT$${GOODS_AMOUNT_MAX.toLocaleString('en-US')}`,
      },
    });
  const phone = (await sysVar(deps, 'phone')).replace(/\D/g, '');
  // The shop's address: "106 臺北市大安區…" (postal code first).
  const [zip = '', ...rest] = (await sysVar(deps, 'addr')).split(' ');
  const shopAddress = rest.join('');
  const home = o.shipping_method === 'home';
  return {
    merchantTradeNo: shipmentTradeNo(o.no),
    tradeDate: deps.clock.now(),
    subType,
    // Without collection GoodsAmount is the declared value, which ECPay caps.
    goodsAmount: Math.min(o.total, GOODS_AMOUNT_MAX),
    goodsName: goodsNameOf(lines.map((l) => l.name_zh)),
    collection,
    sender: {
      name: await sysVar(deps, 'name'),
      phone,
      cellPhone: /^09\d{8}$/.test(phone) ? phone : '',
      zipCode: zip,
      address: shopAddress,
    },
    receiver: {
      name: o.receiver_name,
      cellPhone: o.receiver_phone,
      email: o.receiver_email,
      storeId: o.cvs_store_id,
      zipCode: o.ship_zipcode,
      address: `${o.ship_city}${o.ship_area}${o.ship_addr}`,
    },
    serverReplyUrl: serverReplyUrl(deps),
    distance: !home
      ? undefined
      : OUTLYING_CITIES.has(o.ship_city)
        ? '02'
        : shopAddress.startsWith(o.ship_city)
          ? '00'
          : '01',
  };
}

/** What `ship` did: the shipment, and whether this call created it. */
export interface Shipped {
  orderId: number;
  created: boolean;
}

/**
 * Creates the ECPay logistics order of a store-pickup or home-delivery order, once. The shipment
 * row is claimed first (one per order, from nothing or `failed` to `creating`, under the order's
 * row lock while the order is paid or processing),
 * under the order's own trade number; a call that finds it `creating` (an earlier answer was
 * unclear, or another call is under way) first looks the trade number up at ECPay, and a Create
 * refused as a repeated trade number is looked up too. A paid order moves to processing.
 * Throws ShipError for an order that cannot ship this way, and when ECPay's answer is unclear.
 */
export async function createShipment(
  deps: Deps,
  no: string,
  provider: LogisticsProvider = logisticsProvider(deps),
): Promise<Shipped> {
  const o = await orderOf(deps, no);
  if (!o) throw new ShipError(`No order ${no}.`, { code: 'order_missing', params: { no } });
  if (o.shipping_method === 'shop')
    throw new ShipError(`Order ${no} is picked up at the shop: nothing to ship.`, {
      code: 'shop_pickup',
      params: { no },
    });
  if (o.shipping_method !== 'cvs' && o.shipping_method !== 'home')
    throw new ShipError(`Order ${no} ships by ${o.shipping_method}: use --carrier and --tracking.`, {
      code: 'ship_by_hand',
      params: { no, method: o.shipping_method },
    });
  const k = deps.db.kysely;
  if ((await shipmentOf(deps, o.id))?.state === 'created') return { orderId: o.id, created: false };
  if (o.state !== 'paid' && o.state !== 'processing') throw notShippable(no, o.state);
  const subType = (o.shipping_method === 'cvs' ? o.cvs_sub_type : deps.env.ECPAY_HOME_CARRIER) as ExpressSubType;
  const req = await requestOf(deps, o, subType);
  const now = deps.clock.now();
  // The claim takes the order's row lock first, as the shopper's cancel does: a cancel either comes
  // before (the order is no longer paid or processing: refused here) or finds the parcel booked.
  const claim = await k.transaction().execute(async (trx) => {
    await lockOrder(trx, o.id);
    const kept = await trx.selectFrom('shipments').selectAll().where('order_id', '=', o.id).executeTakeFirst();
    if (kept?.state === 'created') return 'created';
    const state = (await trx.selectFrom('orders').select('state').where('id', '=', o.id).executeTakeFirstOrThrow())
      .state;
    if (state !== 'paid' && state !== 'processing') return state;
    if (kept?.state === 'creating') return 'unclear';
    if (kept) {
      await trx
        .updateTable('shipments')
        .set({ state: 'creating', sub_type: subType, error: '', updated_at: now })
        .where('id', '=', kept.id)
        .execute();
      return 'claimed';
    }
    await trx
      .insertInto('shipments')
      .values({
        order_id: o.id,
        merchant_trade_no: req.merchantTradeNo,
        sub_type: subType,
        collection: req.collection ? 1 : 0,
        amount: req.goodsAmount,
        state: 'creating',
        pickup_deadline: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return 'claimed';
  });
  if (claim === 'created') return { orderId: o.id, created: false };
  if (claim !== 'claimed' && claim !== 'unclear') throw notShippable(no, claim);
  const unclear = claim === 'unclear';
  const fail = async (message: string) => {
    await k
      .updateTable('shipments')
      .set({ state: 'failed', error: message.slice(0, 200), updated_at: deps.clock.now() })
      .where('order_id', '=', o.id)
      .where('state', '=', 'creating')
      .execute();
    return new ShipError(`ECPay refused the logistics order of ${no}: ${message}`, {
      code: 'ecpay_refused',
      params: { no, message },
    });
  };
  try {
    let made = unclear ? await provider.find(req.merchantTradeNo) : null;
    if (!made) {
      try {
        made = await provider.create(req);
      } catch (err) {
        if (!(err instanceof ExpressRefusal)) throw err;
        // Refused as a repeat: an earlier Create went through after all.
        made = await provider.find(req.merchantTradeNo);
        if (!made) throw await fail(err.message);
      }
    }
    return { orderId: o.id, created: await record(deps, o.id, made) };
  } catch (err) {
    if (err instanceof ShipError) throw err;
    if (err instanceof ExpressRequestError) throw await fail(err.message);
    if (err instanceof ExpressUnclearError)
      throw new ShipError(
        `ECPay did not answer clearly for order ${no}. Run ship again: it looks up ${req.merchantTradeNo} first.`,
        { code: 'ecpay_unclear', params: { no, trade: req.merchantTradeNo } },
        err,
      );
    throw err;
  }
}

/** Keeps ECPay's logistics order on the shipment (only the first writer) and moves a paid order to processing. */
async function record(deps: Deps, orderId: number, made: ExpressOrder): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    await lockOrder(trx, orderId);
    const kept = await trx
      .updateTable('shipments')
      .set({
        state: 'created',
        logistics_id: made.logisticsId,
        cvs_payment_no: made.cvsPaymentNo,
        cvs_validation_no: made.cvsValidationNo,
        booking_note: made.bookingNote,
        status: 'created',
        updated_at: now,
      })
      .where('order_id', '=', orderId)
      .where('state', '=', 'creating')
      .executeTakeFirst();
    if (Number(kept.numUpdatedRows) !== 1) return false;
    const s = await trx.selectFrom('shipments').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    await trx
      .insertInto('shipment_events')
      .values({ shipment_id: s.id, status: 'created', rtn_code: made.rtnCode || '300', rtn_msg: made.rtnMsg, at: now })
      .execute();
    await moveOrder(trx, { orderId, to: 'processing', note: made.logisticsId, now, onlyFrom: ['paid'] });
    return true;
  });
}
