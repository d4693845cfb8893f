import { type Locale, NOTIFY_PAY_INFO_WAIT_MS, RETURN_WINDOW_DAYS } from '../../config.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import type { PaymentCode } from '../checkout/checkout.schemas.ts';
import { PAYMENT_NAMES } from '../checkout/checkout-text.ts';
import type { Deps } from '../context.ts';
import { carrierName } from '../shipping/shipment-text.ts';
import { type Composed, money, type RenderedMail, render, when } from './mail-format.ts';
import type { ShopperPurpose } from './outbox.ts';
import { returnNote } from './return-note.ts';

export const SHOP = { zh: '聲林音響', en: 'Soundwood Audio' };

type K = Deps['db']['kysely'];

/** The order as its mails tell it, read when the mail is sent. */
export async function readMailOrder(k: K, orderId: number) {
  const o = await k
    .selectFrom('orders as o')
    .leftJoin('members as m', 'm.id', 'o.member_id')
    .select([
      'o.id',
      'o.no',
      'o.locale',
      'o.receiver_name',
      'o.receiver_email',
      'o.subtotal',
      'o.shipping_fee',
      'o.discount_total',
      'o.discounts',
      'o.total',
      'o.payment_method',
      'o.shipping_method',
      'o.cvs_store_name',
      'o.carrier',
      'o.tracking_no',
      'o.paid_at',
      'o.pay_deadline',
      'o.state',
      'o.created_at',
      'm.email as member_email',
      'm.email_verify',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!o) return undefined;
  const lines = await k
    .selectFrom('order_lines as l')
    .leftJoin('variants as v', 'v.id', 'l.variant_id')
    .leftJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'l.name_zh',
      'l.name_en',
      'l.option_value_zh',
      'l.option_value_en',
      'l.quantity',
      'l.line_total',
      'p.returnable',
    ])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();
  return { ...o, lines };
}

type MailOrder = NonNullable<Awaited<ReturnType<typeof readMailOrder>>>;

/** Where the shopper's mails go: the receiver's email, else the member's verified email; '' when none. */
export const shopperAddress = (o: Pick<MailOrder, 'receiver_email' | 'member_email' | 'email_verify'>): string =>
  o.receiver_email || (o.member_email && Number(o.email_verify) === 1 ? o.member_email : '');

const en = (l: Locale) => l === 'en';

function lineList(o: MailOrder, l: Locale): string {
  return o.lines
    .map((x) => {
      const name = en(l)
        ? `${x.name_en}${x.option_value_en ? ` (${x.option_value_en})` : ''}`
        : `${x.name_zh}${x.option_value_zh ? `（${x.option_value_zh}）` : ''}`;
      return `• ${name} × ${x.quantity}  ${money(x.line_total)}`;
    })
    .join('\n');
}

function sums(o: MailOrder, l: Locale): string {
  const discounts = (JSON.parse(o.discounts || '[]') as { name_zh: string; name_en: string; amount: number }[])
    .map((d) => `${en(l) ? d.name_en : d.name_zh} -${money(d.amount)}`)
    .join('\n');
  return en(l)
    ? [`Subtotal ${money(o.subtotal)}`, discounts, `Shipping ${money(o.shipping_fee)}`, `Total ${money(o.total)}`]
        .filter(Boolean)
        .join('\n')
    : [`小計 ${money(o.subtotal)}`, discounts, `運費 ${money(o.shipping_fee)}`, `總計 ${money(o.total)}`]
        .filter(Boolean)
        .join('\n');
}

const issuedAttempt = (k: K, orderId: number) =>
  k
    .selectFrom('payment_attempts')
    .select(['bank_code', 'v_account', 'payment_no', 'expires_at'])
    .where('order_id', '=', orderId)
    .where('state', '=', 'issued')
    .orderBy('id', 'desc')
    .executeTakeFirst();

/**
 * Whether the placed mail of an ATM or store-code order should wait for its account or code: still
 * awaiting payment, none given yet, and placed less than NOTIFY_PAY_INFO_WAIT_MS ago.
 */
async function waitsForPayInfo(k: K, o: MailOrder & { state: string; created_at: number }, now: number) {
  if (o.payment_method !== 'atm' && o.payment_method !== 'cvs_code') return false;
  if (o.state !== 'awaiting_payment' || now - Number(o.created_at) >= NOTIFY_PAY_INFO_WAIT_MS) return false;
  return !(await issuedAttempt(k, o.id));
}

/** How to pay: the ATM account or store code with its deadline once ECPay gave one, else the method. */
async function howToPay(k: K, o: MailOrder, l: Locale): Promise<string> {
  const method = PAYMENT_NAMES[o.payment_method as PaymentCode];
  const name = method ? (en(l) ? method.en : method.zh) : o.payment_method;
  const a = await issuedAttempt(k, o.id);
  const by = a?.expires_at ? when(Number(a.expires_at), l) : '';
  if (a?.v_account)
    return en(l)
      ? `Pay by ATM transfer to bank ${a.bank_code}, account ${a.v_account}${by ? `, by ${by}` : ''}.`
      : `請${by ? `於 ${by} 前` : ''}轉帳至銀行代碼 ${a.bank_code}、帳號 ${a.v_account}。`;
  if (a?.payment_no)
    return en(l)
      ? `Pay at a convenience store with code ${a.payment_no}${by ? `, by ${by}` : ''}.`
      : `請${by ? `於 ${by} 前` : ''}至超商以繳費代碼 ${a.payment_no} 繳費。`;
  if (o.payment_method === 'cod' || o.payment_method === 'pickup_pay')
    return en(l)
      ? `Payment: ${name}, ${money(o.total)} when you receive it.`
      : `付款方式：${name}，取件時支付 ${money(o.total)}。`;
  const by2 = o.pay_deadline ? when(Number(o.pay_deadline), l) : '';
  return en(l)
    ? `Payment: ${name}${by2 ? `, by ${by2}` : ''}. The order page shows how to pay.`
    : `付款方式：${name}${by2 ? `，請於 ${by2} 前付款` : ''}。付款方式請見訂單頁。`;
}

async function shipmentOf(k: K, orderId: number) {
  return k
    .selectFrom('shipments')
    .select(['sub_type', 'booking_note', 'pickup_deadline'])
    .where('order_id', '=', orderId)
    .where('state', '=', 'created')
    .executeTakeFirst();
}

async function cancelNote(k: K, orderId: number): Promise<string> {
  const e = await k
    .selectFrom('order_events')
    .select('note')
    .where('order_id', '=', orderId)
    .where('state', '=', 'cancelled')
    .executeTakeFirst();
  return e?.note ?? '';
}

/** Why a cancelled order was cancelled, in the shopper's words. */
function why(payload: Record<string, unknown>, note: string, l: Locale): string {
  if (payload.why === 'released')
    return en(l) ? 'The payment deadline passed, so the order was released.' : '付款期限已過，訂單已取消。';
  if (payload.why === 'unclaimed')
    return en(l) ? 'The parcel was not picked up at the store in time.' : '包裹逾期未於門市取件。';
  return note ? (en(l) ? `Reason: ${note}` : `原因：${note}`) : en(l) ? 'The order was cancelled.' : '訂單已取消。';
}

/**
 * Composes the shopper's mail of `purpose`; undefined when the order is gone or has no address,
 * `wait` when the placed mail waits for ECPay's ATM account or store code.
 */
export async function shopperMail(
  deps: Deps,
  purpose: ShopperPurpose,
  orderId: number,
  payload: Record<string, unknown>,
): Promise<{ to: string; mail: RenderedMail } | 'wait' | undefined> {
  const k = deps.db.kysely;
  const o = await readMailOrder(k, orderId);
  if (!o) return undefined;
  const to = shopperAddress(o);
  if (!to) return undefined;
  if (purpose === 'order-placed' && (await waitsForPayInfo(k, o, deps.clock.now()))) return 'wait';
  const l: Locale = o.locale === 'en' ? 'en' : 'zh-TW';
  const shop = en(l) ? SHOP.en : SHOP.zh;
  const hello = en(l) ? `Dear ${o.receiver_name},` : `${o.receiver_name} 您好：`;
  const total = en(l) ? `Order ${o.no}, total ${money(o.total)}.` : `訂單 ${o.no}，金額 ${money(o.total)}。`;
  const link =
    typeof payload.link === 'string' ? { label: en(l) ? 'Your order' : '查看訂單', href: payload.link } : undefined;
  let c: Composed;
  switch (purpose) {
    case 'order-placed':
      c = {
        subject: en(l) ? `${shop}: order ${o.no} is placed` : `${shop}：訂單 ${o.no} 已成立`,
        paragraphs: [
          hello,
          en(l) ? `Thank you for your order ${o.no}.` : `感謝您的訂購，訂單編號 ${o.no}。`,
          lineList(o, l),
          sums(o, l),
          await howToPay(k, o, l),
          returnNote(
            l,
            deps.env.RETURN_WINDOW_DAYS ?? RETURN_WINDOW_DAYS,
            [...new Set(o.lines.filter((x) => Number(x.returnable) === 0).map((x) => (en(l) ? x.name_en : x.name_zh)))],
            new URL(localePath(l, '/return-policy'), deps.env.SITE_URL).href,
          ),
        ],
        link,
      };
      break;
    case 'order-paid':
      c = {
        subject: en(l) ? `${shop}: order ${o.no} is paid` : `${shop}：訂單 ${o.no} 已付款`,
        paragraphs: [
          hello,
          en(l)
            ? `We received your payment of ${money(o.total)} for order ${o.no}. We will prepare it now.`
            : `已收到訂單 ${o.no} 的款項 ${money(o.total)}，我們將盡快為您備貨。`,
        ],
      };
      break;
    case 'order-shipped': {
      const s = await shipmentOf(k, o.id);
      const carrier = o.carrier || (s ? carrierName(s.sub_type, l) : '');
      const tracking = o.tracking_no || s?.booking_note || '';
      const how =
        o.shipping_method === 'cvs'
          ? en(l)
            ? `It is on its way to ${o.cvs_store_name}; we will write again when it arrives.`
            : `包裹正送往${o.cvs_store_name}，到店後會再通知您。`
          : en(l)
            ? `Carrier: ${carrier || '-'}, tracking number ${tracking || '-'}.`
            : `物流：${carrier || '-'}，貨件追蹤編號 ${tracking || '-'}。`;
      c = {
        subject: en(l) ? `${shop}: order ${o.no} has shipped` : `${shop}：訂單 ${o.no} 已出貨`,
        paragraphs: [hello, total, how],
      };
      break;
    }
    case 'order-at-store': {
      const s = await shipmentOf(k, o.id);
      const by = s?.pickup_deadline ? when(Number(s.pickup_deadline), l) : '';
      c = {
        subject: en(l) ? `${shop}: order ${o.no} is at the store` : `${shop}：訂單 ${o.no} 已到店`,
        paragraphs: [
          hello,
          total,
          en(l)
            ? `Your parcel has arrived at ${o.cvs_store_name}.${by ? ` Please pick it up by ${by}.` : ''}`
            : `您的包裹已送達${o.cvs_store_name}${by ? `，請於 ${by} 前取件` : ''}。`,
        ],
      };
      break;
    }
    case 'order-cancelled': {
      const paid = o.paid_at !== null;
      c = {
        subject: en(l) ? `${shop}: order ${o.no} is cancelled` : `${shop}：訂單 ${o.no} 已取消`,
        paragraphs: [
          hello,
          total,
          why(payload, await cancelNote(k, o.id), l),
          paid
            ? en(l)
              ? 'Your payment will be refunded; we will contact you about it.'
              : '您已支付的款項將會退還，我們會再與您聯繫。'
            : en(l)
              ? 'Nothing was paid for this order: there is nothing more to do.'
              : '此訂單尚未付款，您無需再做任何事。',
        ],
      };
      break;
    }
  }
  return { to, mail: render(c, l) };
}
