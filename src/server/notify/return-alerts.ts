import type { Locale } from '../../config.ts';
import type { Deps } from '../context.ts';
import { money, type RenderedMail, render } from './mail-format.ts';
import { RETURN_EVENTS, type ReturnEvent } from './outbox.ts';
import { ownerOrder } from './owner-mail.ts';
import { idOfSubject, type RefundFacts, type ReturnFacts, returnFacts } from './return-facts.ts';

/**
 * The owner's alert of a return request (`owner-return-requested`, mail and webhook) and the
 * webhook's events of the returns' later moves and of refunds (issue 40), in SHOP_NOTIFY_LOCALE.
 * The webhook's JSON carries the return (`return`: lines, method, the return code, the refund, the
 * e-invoice correction) or the refund (`refund`); never the shopper's bank account.
 */

export type ReturnAlertPurpose = 'owner-return-requested' | ReturnEvent;

export const isReturnAlert = (purpose: string): purpose is ReturnAlertPurpose =>
  purpose === 'owner-return-requested' || (RETURN_EVENTS as readonly string[]).includes(purpose);

const en = (l: Locale) => l === 'en';
const t = (l: Locale, zh: string, english: string) => (en(l) ? english : zh);

/** The console's page of return `id`, in the owner's language. */
export const consoleReturnLink = (site: string, l: Locale, id: number) =>
  `${site.replace(/\/$/, '')}${en(l) ? '/en' : ''}/admin/return?id=${id}`;

const MOVED: Record<Exclude<ReturnEvent, 'refund-sent' | 'refund-failed'>, { zh: string; en: string }> = {
  'return-approved': { zh: '已核准', en: 'approved' },
  'return-rejected': { zh: '已拒絕', en: 'rejected' },
  'return-in-transit': { zh: '寄回中', en: 'on its way back' },
  'return-received': { zh: '已收到', en: 'received' },
  'return-cancelled': { zh: '顧客已撤回', en: 'withdrawn by the shopper' },
};

function returnData(r: ReturnFacts, url: string) {
  return {
    id: r.id,
    state: r.state,
    lines: r.lines.map((x) => ({
      sku: x.sku,
      quantity: x.quantity,
      received_quantity: x.received_quantity,
      damaged_quantity: x.damaged_quantity,
    })),
    reason: r.reason,
    return_method: r.return_method,
    return_code: r.return_parcel?.code || null,
    reject_reason: r.reject_reason,
    refund: r.refund,
    invoice: r.invoice,
    console_url: url,
  };
}

/** The refund as the event tells it: a failed try with the reason it failed then, whatever came after. */
function refundData(f: RefundFacts, failedBecause: string | undefined) {
  return {
    id: f.id,
    return_id: f.returnId,
    amount: f.amount,
    method: f.method,
    ...(failedBecause === undefined ? { state: f.state } : { state: 'failed', reason: failedBecause }),
  };
}

/** Composes an alert or event; undefined when its return, refund or order is gone (or no returns were composed). */
export async function returnAlert(
  deps: Deps,
  purpose: ReturnAlertPurpose,
  subject: string,
  orderId: number | null,
  payload: Record<string, unknown>,
): Promise<{ mail: RenderedMail; data: Record<string, unknown> } | undefined> {
  const facts = returnFacts();
  const l: Locale = deps.env.SHOP_NOTIFY_LOCALE;
  const { o, orderLine, data } = await ownerOrder(deps, orderId, l);
  if (!facts || !o) return undefined;
  if (purpose === 'refund-sent' || purpose === 'refund-failed') {
    const f = await facts.refundOf(deps, idOfSubject(subject, 'refund') ?? -1);
    if (!f) return undefined;
    const because = purpose === 'refund-failed' ? String(payload.reason ?? '') : undefined;
    data.refund = refundData(f, because);
    const title =
      purpose === 'refund-sent'
        ? t(l, `退款已送出：訂單 ${o.no}（${money(f.amount)}）`, `Refund sent: order ${o.no} (${money(f.amount)})`)
        : t(l, `退款失敗：訂單 ${o.no}（${money(f.amount)}）`, `Refund failed: order ${o.no} (${money(f.amount)})`);
    const why = because ? t(l, `原因：${because}`, `Reason: ${because}`) : '';
    return { mail: render({ subject: title, paragraphs: [orderLine, why].filter(Boolean) }, l), data };
  }
  const id = idOfSubject(subject, 'return') ?? -1;
  const r = await facts.returnOf(deps, id, l);
  if (!r) return undefined;
  const url = consoleReturnLink(deps.env.SITE_URL, l, r.id);
  data.return = returnData(r, url);
  const lines = r.lines.map((x) => `• ${x.name} × ${x.quantity}`).join('\n');
  if (purpose === 'owner-return-requested')
    return {
      mail: render(
        {
          subject: t(l, `退貨申請 #${r.id}：訂單 ${o.no}`, `Return request #${r.id}: order ${o.no}`),
          paragraphs: [
            orderLine,
            lines,
            t(l, `查看：npm run orders -- returns show ${r.id}`, `Run: npm run orders -- returns show ${r.id}`),
          ],
          link: { label: t(l, '在後台審核', 'Review it in the console'), href: url },
        },
        l,
      ),
      data,
    };
  const moved = MOVED[purpose];
  return {
    mail: render(
      {
        subject: t(l, `退貨 #${r.id} ${moved.zh}：訂單 ${o.no}`, `Return #${r.id} ${moved.en}: order ${o.no}`),
        paragraphs: [orderLine, lines],
        link: { label: t(l, '在後台查看', 'Open it in the console'), href: url },
      },
      l,
    ),
    data,
  };
}
