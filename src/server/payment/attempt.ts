import { CARD_PAY_TIMEOUT_MS, type Locale } from '../../config.ts';
import type { AutoPostForm } from '../../lib/api/order-types.ts';
import { ApiError } from '../common/errors.ts';
import type { Deps } from '../context.ts';
import { type AioMethod, buildAioForm } from '../providers/ecpay/aio.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import { newMerchantTradeNo } from '../providers/ecpay/fields.ts';
import { ecpayOffer } from '../providers/ecpay/limits.ts';
import type { OrderRow } from './owned-order.ts';

/** The order's payment method as ECPay's ChoosePayment; cod and pickup_pay never reach the cashier. */
const AIO_METHOD: Record<string, AioMethod> = {
  credit: 'Credit',
  apple_pay: 'ApplePay',
  twqr: 'TWQR',
  atm: 'ATM',
  cvs_code: 'CVS',
};
/** Methods paid on the cashier's page: an attempt gives the shopper CARD_PAY_TIMEOUT_MS from now. */
const PAID_AT_ONCE: readonly AioMethod[] = ['Credit', 'ApplePay', 'TWQR'];
const TRADE_DESC = { 'zh-TW': '聲林音響 訂單', en: 'Soundwood Audio order' } as const;
/** Tries for a MerchantTradeNo not yet used (the random tail makes a clash very unlikely). */
const TRADE_NO_TRIES = 3;

/** Path of the result page, in the order's language; the guest's key stays in the browser. */
export const resultPath = (no: string, locale: string) =>
  `${locale === 'en' ? '/en' : ''}/cart/result?no=${encodeURIComponent(no)}`;

/**
 * A new ECPay attempt for an unpaid order: a new payment_attempts row with a new MerchantTradeNo
 * (with the installments and bonus points it asks for), and the signed cashier form. An attempt paid
 * on the cashier's page (card, Apple Pay, TWQR) moves the order's release to now + CARD_PAY_TIMEOUT_MS.
 */
export async function startPayment(deps: Deps, order: OrderRow, locale: Locale): Promise<AutoPostForm> {
  const method = AIO_METHOD[order.payment_method];
  const k = deps.db.kysely;
  const now = deps.clock.now();
  // Past its deadline an order is the sweeper's to release, even before the sweeper comes by.
  const expired = order.pay_deadline !== null && Number(order.pay_deadline) <= now;
  if (!method || order.state !== 'awaiting_payment' || expired) throw new ApiError('ORDER_NOT_PAYABLE');
  const lines = await k
    .selectFrom('order_lines')
    .select(['name_zh', 'name_en', 'option_value_zh', 'option_value_en', 'quantity'])
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  const items = lines.map((l) => {
    const [name, value] = locale === 'en' ? [l.name_en, l.option_value_en] : [l.name_zh, l.option_value_zh];
    return { name: value ? `${name} ${value}` : name, quantity: l.quantity };
  });
  if (order.shipping_fee > 0) items.push({ name: locale === 'en' ? 'Shipping' : '運費', quantity: 1 });

  const config = ecpayConfig(deps.env);
  const installments = method === 'Credit' ? order.installments : 0;
  // Bonus points go with a card paid at once (ECPay's Redeem is not for installments).
  const redeem = method === 'Credit' && !installments && ecpayOffer(deps.env).redeem;
  const origin = new URL(deps.env.SITE_URL).origin;
  for (let attempt = 1; ; attempt++) {
    const merchantTradeNo = newMerchantTradeNo(now);
    const form = buildAioForm(
      {
        merchantTradeNo,
        at: now,
        totalAmount: order.total,
        items,
        tradeDesc: `${TRADE_DESC[locale]} ${order.no}`,
        method,
        origin,
        clientBackPath: resultPath(order.no, order.locale),
        customField1: order.no,
        installments,
        redeem,
      },
      config.payment,
      deps.env,
    );
    try {
      const written = await k.transaction().execute(async (trx) => {
        // Only while the order is still unpaid: a card attempt also moves its release time.
        const held = await trx
          .updateTable('orders')
          .set(
            PAID_AT_ONCE.includes(method)
              ? { pay_deadline: now + CARD_PAY_TIMEOUT_MS, updated_at: now }
              : { updated_at: now },
          )
          .where('id', '=', order.id)
          .where('state', '=', 'awaiting_payment')
          .where((eb) => eb.or([eb('pay_deadline', 'is', null), eb('pay_deadline', '>', now)]))
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('payment_attempts')
          .values({
            order_id: order.id,
            merchant_trade_no: merchantTradeNo,
            method: order.payment_method,
            amount: order.total,
            installments,
            redeem: redeem ? 1 : 0,
            state: 'new',
            created_at: now,
          })
          .execute();
        return true;
      });
      if (!written) throw new ApiError('ORDER_NOT_PAYABLE');
      return form;
    } catch (err) {
      if (err instanceof ApiError || attempt >= TRADE_NO_TRIES) throw err;
    }
  }
}
