import { type Locale, NOTIFY_RETURN_WAIT_MS } from '../../config.ts';
import { returnsEn } from '../../lib/i18n/messages/en/returns.ts';
import { returnsZhTW } from '../../lib/i18n/messages/zh-TW/returns.ts';
import type { Deps } from '../context.ts';
import { type Composed, money, type RenderedMail, render } from './mail-format.ts';
import type { ReturnShopperPurpose } from './outbox.ts';
import { idOfSubject, type RefundFacts, type ReturnFacts, returnFacts } from './return-facts.ts';
import { readMailOrder, SHOP, shopperAddress } from './shopper-mail.ts';

/**
 * The shopper's mails of a return (issue 40): asked, approved (how the goods come back: the return
 * parcel's code and what to do at the counter or with the driver, the shop's address, or bring it to
 * the shop), not accepted (the owner's reason), and the refund sent (amount, card or transfer, the
 * e-invoice allowance's number or the void). Written in the language the shopper asked in.
 */

type Mail = { to: string; mail: RenderedMail } | 'wait' | undefined;

const en = (l: Locale) => l === 'en';
const t = (l: Locale, zh: string, english: string) => (en(l) ? english : zh);

/** The shop's own details (the console's site settings) in the reader's language. */
async function shopVar(deps: Deps, code: string, l: Locale): Promise<string> {
  const rows = await deps.db.kysely
    .selectFrom('sys_vars')
    .select(['locale', 'data'])
    .where('code', '=', code)
    .where('locale', 'in', ['zh-TW', 'en'])
    .execute();
  return (rows.find((r) => r.locale === l) ?? rows.find((r) => r.locale === 'zh-TW'))?.data ?? '';
}

const lineList = (r: ReturnFacts) => r.lines.map((x) => `• ${x.name} × ${x.quantity}`).join('\n');

function reasonOf(r: ReturnFacts, l: Locale): string {
  const key = `returns.reason.${r.reason}` as keyof typeof returnsEn;
  const label = r.reason ? (en(l) ? returnsEn[key] : returnsZhTW[key]) : '';
  const said = [label, r.reason_text].filter(Boolean).join(t(l, '：', ': '));
  return said ? t(l, `退貨原因：${said}`, `Reason: ${said}`) : '';
}

/** Where the refund goes, the account masked. */
function refundWay(method: 'card' | 'transfer', bank: ReturnFacts['bank'], l: Locale): string {
  if (method === 'card') return t(l, '退回您付款的信用卡', 'back to the card you paid with');
  return bank
    ? t(
        l,
        `以銀行轉帳匯入 ${bank.code} 帳號 ${bank.account}（${bank.holder}）`,
        `by bank transfer to bank ${bank.code}, account ${bank.account} (${bank.holder})`,
      )
    : t(l, '以銀行轉帳退還', 'by bank transfer');
}

function requested(r: ReturnFacts, no: string, l: Locale): Composed {
  const method: 'card' | 'transfer' = r.bank ? 'transfer' : 'card';
  return {
    subject: t(l, `收到您的退貨申請 #${r.id}（訂單 ${no}）`, `We received your return request #${r.id} (order ${no})`),
    paragraphs: [
      t(
        l,
        `我們已收到訂單 ${no} 的退貨申請 #${r.id}：`,
        `We received your request #${r.id} to return from order ${no}:`,
      ),
      lineList(r),
      reasonOf(r, l),
      t(
        l,
        `接下來：商店會審核您的申請，並以電子郵件告訴您如何寄回商品（運費由本店負擔）。商店收到並檢查商品後，退款將${refundWay(method, r.bank, l)}。`,
        `What happens next: the shop reviews your request and writes to you how to send the items back (the shop pays the postage). Once the shop has received and checked them, the refund goes ${refundWay(method, r.bank, l)}.`,
      ),
      t(
        l,
        '商店收到商品之前，您可以在訂單頁撤回這筆申請。',
        'Until the shop receives the items you may withdraw the request on your order page.',
      ),
    ].filter(Boolean),
  };
}

/** How the goods come back; undefined while the return parcel's code is still to come. */
async function howBack(deps: Deps, r: ReturnFacts, no: string, l: Locale, late: boolean): Promise<string | undefined> {
  const p = r.return_parcel;
  if (r.return_method === 'parcel') {
    if (p && p.status !== 'booking' && p.status !== 'failed') {
      const code =
        p.code && !p.instructions.includes(p.code) ? t(l, `退貨編號：${p.code}`, `Return code: ${p.code}`) : '';
      return [`${p.carrier}${p.instructions ? t(l, '：', ': ') + p.instructions : ''}`, code]
        .filter(Boolean)
        .join('\n');
    }
    if (!late) return undefined;
    return t(
      l,
      '商店正在為您建立退貨包裹（運費由本店負擔），建立後訂單頁會顯示退貨編號與寄件方式。',
      'The shop is booking the return parcel for you (the shop pays the postage); your order page will show the return code and what to do once it is booked.',
    );
  }
  const addr = await shopVar(deps, 'addr', l);
  const name = await shopVar(deps, 'name', l);
  const phone = await shopVar(deps, 'phone', l);
  if (r.return_method === 'shop')
    return t(
      l,
      `請將商品帶到門市：${name}，${addr}（電話 ${phone}）。`,
      `Please bring the items to the shop: ${name}, ${addr} (phone ${phone}).`,
    );
  return t(
    l,
    `請將商品包裝好寄回：${name}，${addr}（電話 ${phone}），並在包裹上註明訂單編號 ${no}。`,
    `Please pack the items and send them back to: ${name}, ${addr} (phone ${phone}), with the order number ${no} on the parcel.`,
  );
}

async function approved(deps: Deps, r: ReturnFacts, no: string, l: Locale, late: boolean) {
  const how = await howBack(deps, r, no, l, late);
  if (how === undefined) return 'wait' as const;
  return {
    subject: t(l, `退貨申請 #${r.id} 已核准（訂單 ${no}）`, `Your return #${r.id} is approved (order ${no})`),
    paragraphs: [
      t(l, `您的退貨申請 #${r.id}（訂單 ${no}）已核准：`, `Your return request #${r.id} (order ${no}) is approved:`),
      lineList(r),
      how,
      t(
        l,
        '商店收到並檢查商品後，會將退款寄出並再通知您。',
        'Once the shop has received and checked the items, it sends the refund and writes to you again.',
      ),
    ],
  };
}

async function rejected(deps: Deps, r: ReturnFacts, no: string, l: Locale): Promise<Composed> {
  const email = await shopVar(deps, 'email', l);
  const phone = await shopVar(deps, 'phone', l);
  return {
    subject: t(l, `退貨申請 #${r.id} 未被接受（訂單 ${no}）`, `Your return #${r.id} was not accepted (order ${no})`),
    paragraphs: [
      t(
        l,
        `很抱歉，商店未接受您的退貨申請 #${r.id}（訂單 ${no}）：`,
        `The shop did not accept your return request #${r.id} (order ${no}):`,
      ),
      lineList(r),
      t(l, `原因：${r.reject_reason ?? '-'}`, `Reason: ${r.reject_reason ?? '-'}`),
      t(
        l,
        `如有疑問，請聯絡商店：${email}，電話 ${phone}。`,
        `If you have questions, contact the shop: ${email}, phone ${phone}.`,
      ),
    ],
  };
}

function invoiceNote(f: RefundFacts, l: Locale): string {
  if (f.invoice?.allowance_no)
    return t(
      l,
      `已就退款金額開立電子發票折讓，折讓單號 ${f.invoice.allowance_no}。`,
      `An e-invoice allowance was issued for the refunded amount: allowance no. ${f.invoice.allowance_no}.`,
    );
  if (f.invoice?.action === 'void')
    return t(l, '這筆訂單的電子發票已作廢。', 'The e-invoice of this order has been voided.');
  if (f.invoicePending)
    return t(
      l,
      '電子發票將依退款金額更正，完成後訂單頁會顯示。',
      'The e-invoice will be corrected for the refunded amount; your order page will show it.',
    );
  return '';
}

function refundSent(f: RefundFacts, no: string, l: Locale): Composed {
  const of = f.returnId === null ? '' : t(l, `（退貨 #${f.returnId}）`, ` (return #${f.returnId})`);
  return {
    subject: t(l, `訂單 ${no} 已退款 ${money(f.amount)}`, `Refund of ${money(f.amount)} sent (order ${no})`),
    paragraphs: [
      t(
        l,
        `訂單 ${no}${of}的退款 ${money(f.amount)} 已${refundWay(f.method, f.bank, l)}。`,
        `Your refund of ${money(f.amount)} for order ${no}${of} has been sent ${refundWay(f.method, f.bank, l)}.`,
      ),
      f.method === 'card'
        ? t(
            l,
            '退款入帳時間依發卡銀行作業而定，通常會出現在之後的帳單上。',
            'Your card issuer shows it on a coming statement.',
          )
        : '',
      invoiceNote(f, l),
    ].filter(Boolean),
  };
}

/**
 * Composes the shopper's mail of a return or refund; undefined when it has no address or is gone,
 * `wait` while the return parcel's code or the e-invoice's correction is still to come (at most
 * NOTIFY_RETURN_WAIT_MS after `queuedAt`).
 */
export async function returnShopperMail(
  deps: Deps,
  purpose: ReturnShopperPurpose,
  subject: string,
  orderId: number,
  queuedAt: number,
): Promise<Mail> {
  const facts = returnFacts();
  if (!facts) return 'wait';
  const k = deps.db.kysely;
  const o = await readMailOrder(k, orderId);
  if (!o) return undefined;
  const to = shopperAddress(o);
  if (!to) return undefined;
  const late = deps.clock.now() - queuedAt >= NOTIFY_RETURN_WAIT_MS;
  let l: Locale = o.locale === 'en' ? 'en' : 'zh-TW';
  let c: Composed | 'wait';
  if (purpose === 'refund-sent') {
    const f = await facts.refundOf(deps, idOfSubject(subject, 'refund') ?? -1);
    if (!f) return undefined;
    if (f.invoicePending && !late) return 'wait';
    if (f.returnId !== null) l = (await facts.returnOf(deps, f.returnId))?.locale ?? l;
    c = refundSent(f, o.no, l);
  } else {
    const r = await facts.returnOf(deps, idOfSubject(subject, 'return') ?? -1);
    if (!r) return undefined;
    l = r.locale;
    c =
      purpose === 'return-requested'
        ? requested(r, o.no, l)
        : purpose === 'return-approved'
          ? await approved(deps, r, o.no, l, late)
          : await rejected(deps, r, o.no, l);
  }
  if (c === 'wait') return 'wait';
  const shop = en(l) ? SHOP.en : SHOP.zh;
  const hello = en(l) ? `Dear ${o.receiver_name},` : `${o.receiver_name} 您好：`;
  return {
    to,
    mail: render({ ...c, subject: `${shop}${t(l, '：', ': ')}${c.subject}`, paragraphs: [hello, ...c.paragraphs] }, l),
  };
}
