import { TIME_ZONE } from '../../config.ts';
import { log, maskPhone } from '../common/log.ts';
import { withoutControls } from '../common/text-rules.ts';
import type { Deps } from '../context.ts';

const SIGNATURE = '【聲林音響】';

/** The page where the receiver follows the order: a guest's unguessable link, or the member area. */
export function orderLink(siteUrl: string, o: { no: string; locale: string }, guestKey: string | undefined): string {
  const base = `${siteUrl.replace(/\/$/, '')}${o.locale === 'en' ? '/en' : ''}`;
  const no = encodeURIComponent(o.no);
  return guestKey ? `${base}/cart/result?no=${no}&key=${encodeURIComponent(guestKey)}` : `${base}/member/orders/${no}`;
}

const money = (n: number) => `NT$${n.toLocaleString('en-US')}`;

export function placedText(
  o: { no: string; total: number; locale: string; discount_total?: number },
  link: string,
): string {
  const saved = o.discount_total ?? 0;
  if (o.locale === 'en')
    return `${SIGNATURE}Order ${o.no} is placed, total ${money(o.total)}${saved ? ` (you saved ${money(saved)})` : ''}. Follow it at ${link}`;
  return `${SIGNATURE}您的訂單 ${o.no} 已成立，金額 ${money(o.total)}${saved ? `（已折抵 ${money(saved)}）` : ''}。查看訂單：${link}`;
}

export function shippedText(o: { no: string; locale: string; carrier: string; tracking_no: string }): string {
  return o.locale === 'en'
    ? `${SIGNATURE}Order ${o.no} has shipped with ${o.carrier}, tracking number ${o.tracking_no}.`
    : `${SIGNATURE}您的訂單 ${o.no} 已由${o.carrier}出貨，貨件追蹤編號 ${o.tracking_no}。`;
}

const deadlineFmt = (locale: string) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-TW', {
    timeZone: TIME_ZONE,
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
  });

/** The parcel waits at the pickup store: which store, and the last day to pick it up. */
export function parcelArrivedText(o: { no: string; locale: string; store: string; deadline: number }): string {
  const day = deadlineFmt(o.locale).format(new Date(o.deadline));
  const store = withoutControls(o.store);
  return o.locale === 'en'
    ? `${SIGNATURE}Order ${o.no} has arrived at ${store}. Please pick it up by ${day}.`
    : `${SIGNATURE}您的訂單 ${o.no} 已送達${store}，請於 ${day} 前取件。`;
}

/**
 * Texts the receiver. The order stands whether or not the message goes out: a gateway failure is
 * logged, never turned into an error for a shopper whose order is already placed.
 */
export async function textReceiver(deps: Deps, phone: string, purpose: string, text: string): Promise<boolean> {
  try {
    await deps.sms.send({ phone, purpose, code: '', text });
    return true;
  } catch (err) {
    log.error({ event: 'sms_failed', purpose, phone: maskPhone(phone), err }, 'text message not sent');
    return false;
  }
}
