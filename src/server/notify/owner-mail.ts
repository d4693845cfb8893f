import { type Locale, TIME_ZONE } from '../../config.ts';
import type { PaymentCode } from '../checkout/checkout.schemas.ts';
import { PAYMENT_NAMES } from '../checkout/checkout-text.ts';
import { type Msg, pick } from '../common/i18n.ts';
import type { Deps } from '../context.ts';
import { waitingBeyondOrders } from '../ops/metrics.ts';
import { listToShip } from '../orders/order-admin.ts';
import { type Composed, money, type RenderedMail, render } from './mail-format.ts';
import type { ActionReason, OwnerPurpose } from './outbox.ts';

const DAY_MS = 86_400_000;
const en = (l: Locale) => l === 'en';
const SHIPPING: Record<string, { zh: string; en: string }> = {
  home: { zh: '宅配', en: 'home delivery' },
  cvs: { zh: '超商取貨', en: 'store pickup' },
  shop: { zh: '門市自取', en: 'pickup at the shop' },
};
const REASON: Record<ActionReason, { zh: string; en: string }> = {
  refund: { zh: '需要退款', en: 'a refund is needed' },
  invoice: { zh: '發票需要人工處理', en: 'the e-invoice needs your hand' },
  unclaimed: { zh: '包裹逾期未取，已退回', en: 'the parcel was not picked up and comes back' },
};

/** The Taipei calendar day of `ms` as YYYY-MM-DD. */
export const taipeiDay = (ms: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );

/** Midnight of the Taipei day `day` (YYYY-MM-DD), in epoch ms (Taipei is UTC+8, no daylight saving). */
export const taipeiMidnight = (day: string): number => Date.parse(`${day}T00:00:00+08:00`);

/** The console's page of order `no`, in the owner's language. */
export const consoleOrderLink = (site: string, l: Locale, no: string) =>
  `${site.replace(/\/$/, '')}${en(l) ? '/en' : ''}/admin/order?no=${encodeURIComponent(no)}`;

/**
 * The order an owner's alert is about, in the owner's language: the one-line summary, the webhook's
 * `order` (with its console link) and the link for the mail; all empty without an order.
 */
export async function ownerOrder(deps: Deps, orderId: number | null, l: Locale) {
  const o =
    orderId === null
      ? undefined
      : await deps.db.kysely
          .selectFrom('orders')
          .select(['no', 'total', 'state', 'receiver_name', 'payment_method', 'shipping_method'])
          .where('id', '=', orderId)
          .executeTakeFirst();
  const orderLine = o
    ? en(l)
      ? `Order ${o.no}, total ${money(o.total)}, ${PAYMENT_NAMES[o.payment_method as PaymentCode]?.en ?? o.payment_method}, ${SHIPPING[o.shipping_method]?.en ?? o.shipping_method}, receiver ${o.receiver_name}.`
      : `訂單 ${o.no}，金額 ${money(o.total)}，${PAYMENT_NAMES[o.payment_method as PaymentCode]?.zh ?? o.payment_method}，${SHIPPING[o.shipping_method]?.zh ?? o.shipping_method}，收件人 ${o.receiver_name}。`
    : '';
  // The order's page in the console, beside the command that shows it.
  const consoleUrl = o ? consoleOrderLink(deps.env.SITE_URL, l, o.no) : undefined;
  const data: Record<string, unknown> = o
    ? { order: { no: o.no, total: o.total, state: o.state, console_url: consoleUrl } }
    : {};
  const consoleLink = consoleUrl
    ? { label: en(l) ? 'Open it in the console' : '在後台查看', href: consoleUrl }
    : undefined;
  return { o, orderLine, data, consoleLink };
}

/** Composes the owner's mail of `purpose` (also the text of the webhook's JSON). */
export async function ownerMail(
  deps: Deps,
  purpose: Exclude<OwnerPurpose, 'owner-return-requested'>,
  orderId: number | null,
  payload: Record<string, unknown>,
): Promise<{ mail: RenderedMail; data: Record<string, unknown> } | undefined> {
  const l: Locale = deps.env.SHOP_NOTIFY_LOCALE;
  const { o, orderLine, data, consoleLink } = await ownerOrder(deps, orderId, l);
  let c: Composed;
  switch (purpose) {
    case 'owner-new-order':
      if (!o) return undefined;
      c = {
        subject: en(l) ? `New order ${o.no} (${money(o.total)})` : `新訂單 ${o.no}（${money(o.total)}）`,
        paragraphs: [orderLine, en(l) ? `Run: npm run orders -- show ${o.no}` : `查看：npm run orders -- show ${o.no}`],
        link: consoleLink,
      };
      break;
    case 'owner-needs-action': {
      if (!o) return undefined;
      const reason = REASON[payload.reason as ActionReason] ?? {
        zh: String(payload.reason),
        en: String(payload.reason),
      };
      data.reason = payload.reason;
      c = {
        subject: en(l) ? `Order ${o.no} needs you: ${reason.en}` : `訂單 ${o.no} 需要處理：${reason.zh}`,
        paragraphs: [orderLine, en(l) ? `Run: npm run orders -- show ${o.no}` : `查看：npm run orders -- show ${o.no}`],
        link: consoleLink,
      };
      break;
    }
    case 'owner-low-stock': {
      const name = String(en(l) ? payload.name_en : payload.name_zh);
      Object.assign(data, { sku: payload.sku, stock: payload.stock, at: payload.at });
      c = {
        subject: en(l) ? `Low stock: ${name}` : `庫存偏低：${name}`,
        paragraphs: [
          en(l)
            ? `${name} (${payload.sku}) is down to ${payload.stock} (alert at ${payload.at} or below).`
            : `${name}（${payload.sku}）庫存剩 ${payload.stock} 件（低於或等於 ${payload.at} 件時通知）。`,
        ],
      };
      break;
    }
    case 'owner-staff-login': {
      const email = String(payload.email);
      const day = String(payload.day);
      Object.assign(data, { staff: { email }, day, failures: payload.count });
      c = {
        subject: en(l) ? `Failed console sign-ins: ${email}` : `後台登入多次失敗：${email}`,
        paragraphs: en(l)
          ? [
              `${payload.count} sign-ins to the console account ${email} failed on ${day} (Taipei time): a wrong password or code.`,
              'If that was not its holder, have another owner reset the account on the console’s Staff page, and read the audit log for the addresses they came from.',
            ]
          : [
              `${day}（台北時間）後台帳號 ${email} 已有 ${payload.count} 次登入失敗（密碼或驗證碼錯誤）。`,
              '若不是帳號本人，請由另一位店主在後台的「員工」頁重設此帳號，並查看操作紀錄中的來源位址。',
            ],
      };
      break;
    }
    case 'owner-daily': {
      const d = await digest(deps, String(payload.day));
      Object.assign(data, d);
      c = {
        subject: en(l) ? `Daily summary ${d.day}` : `每日摘要 ${d.day}`,
        paragraphs: en(l)
          ? [
              `${d.day}: ${d.orders} orders, ${money(d.sales)} in sales (cancelled orders left out).`,
              ...methodsLine(d.byMethod, 'en'),
              `Waiting to ship: ${d.toShip.length}${d.toShip.length ? ` (${d.toShip.join(', ')})` : ''}.`,
              `Needing you: ${d.needsAction.length}${d.needsAction.length ? ` (${d.needsAction.join(', ')})` : ''}.`,
              ...waitingLine(d.waiting, 'en'),
            ]
          : [
              `${d.day}：${d.orders} 筆訂單，銷售額 ${money(d.sales)}（不含已取消）。`,
              ...methodsLine(d.byMethod, 'zh-TW'),
              `待出貨：${d.toShip.length} 筆${d.toShip.length ? `（${d.toShip.join('、')}）` : ''}。`,
              `需要處理：${d.needsAction.length} 筆${d.needsAction.length ? `（${d.needsAction.join('、')}）` : ''}。`,
              ...waitingLine(d.waiting, 'zh-TW'),
            ],
      };
      break;
    }
  }
  return { mail: render(c, l), data };
}

/** Yesterday's (`day`'s) orders and sales, what waits to ship, what needs a person: the daily digest. */
async function digest(deps: Deps, day: string) {
  const k = deps.db.kysely;
  const from = taipeiMidnight(day);
  const sold = await k
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('total').as('sum')])
    .where('created_at', '>=', from)
    .where('created_at', '<', from + DAY_MS)
    .where('state', '!=', 'cancelled')
    .executeTakeFirst();
  const toShip = (await listToShip(deps, 50)).map((o) => o.no);
  const needsAction = (
    await k
      .selectFrom('orders')
      .select('no')
      .where((eb) => eb.or([eb('invoice_action_needed', 'is not', null), eb('needs_refund', '<>', 0)]))
      .orderBy('id')
      .limit(50)
      .execute()
  ).map((o) => o.no);
  const byMethod = (
    await k
      .selectFrom('orders')
      .select((eb) => [
        'payment_method',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(eb.case().when('installments', '>', 0).then(1).else(0).end()).as('split'),
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<', from + DAY_MS)
      .where('state', '!=', 'cancelled')
      .groupBy('payment_method')
      .orderBy('payment_method')
      .execute()
  ).map((r) => ({ method: r.payment_method, orders: Number(r.n), installments: Number(r.split ?? 0) }));
  const waiting = await waitingBeyondOrders(deps);
  return { day, orders: Number(sold?.n ?? 0), sales: Number(sold?.sum ?? 0), byMethod, toShip, needsAction, waiting };
}

/** "By payment method: Credit card 3 (1 in installments), ATM transfer 2." when any order was placed. */
function methodsLine(rows: { method: string; orders: number; installments: number }[], l: Locale): string[] {
  if (!rows.length) return [];
  const parts = rows.map((r) => {
    const name = PAYMENT_NAMES[r.method as PaymentCode] ? pick(PAYMENT_NAMES[r.method as PaymentCode], l) : r.method;
    if (!r.installments) return en(l) ? `${name} ${r.orders}` : `${name} ${r.orders} 筆`;
    return en(l)
      ? `${name} ${r.orders} (${r.installments} in installments)`
      : `${name} ${r.orders} 筆（分期 ${r.installments} 筆）`;
  });
  return [en(l) ? `By payment method: ${parts.join(', ')}.` : `付款方式：${parts.join('、')}。`];
}

/** The queues of shop_orders_needing_action beyond flagged orders, as the digest names them. */
const WAITING: Record<string, Msg> = {
  return_to_approve: { zh: '退貨待核准', en: 'returns to approve' },
  return_to_inspect: { zh: '退貨待驗收', en: 'returns to inspect' },
  return_to_refund: { zh: '退貨待退款', en: 'returns to refund' },
  return_refund_failed: { zh: '退款失敗', en: 'refunds that failed' },
  cancel_refund: { zh: '取消訂單待退款', en: 'cancelled orders to refund' },
};

/** "Returns and refunds waiting for you: 2 returns to approve, …" when any waits; nothing otherwise. */
function waitingLine(waiting: Record<string, number>, l: Locale): string[] {
  const parts = Object.entries(waiting)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => {
      const name = WAITING[key] ? pick(WAITING[key], l) : key;
      return en(l) ? `${n} ${name}` : `${name} ${n} 筆`;
    });
  if (!parts.length) return [];
  return [
    en(l)
      ? `Returns and refunds waiting for you: ${parts.join(', ')}.`
      : `等待您處理的退貨與退款：${parts.join('、')}。`,
  ];
}
