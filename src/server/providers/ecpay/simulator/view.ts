import type { Msg } from '../../../common/i18n.ts';
import { esc, hiddenInputs } from '../../simulator-kit.ts';
import { SIMULATOR_PATHS } from '../config.ts';
import { CARDS } from './trades.ts';

/** Texts of the cashier simulator pages, in both languages. */
export const CASHIER_TEXT = {
  title: { zh: '綠界付款頁', en: 'ECPay checkout' },
  order: { zh: '訂單編號', en: 'Order number' },
  amount: { zh: '金額', en: 'Amount' },
  items: { zh: '商品', en: 'Items' },
  card: { zh: '信用卡付款', en: 'Pay by card' },
  cardNumber: { zh: '卡號', en: 'Card number' },
  expiry: { zh: '有效期限（MM/YY）', en: 'Expiry (MM/YY)' },
  cvc: { zh: '背面末三碼', en: 'Security code' },
  pay: { zh: '付款 {amount}', en: 'Pay {amount}' },
  testCards: {
    zh: '測試卡號：成功 {success}，失敗 {declined}；有效期限填未來的月份。',
    en: 'Test cards: {success} succeeds, {declined} is declined; use a future expiry.',
  },
  atm: { zh: 'ATM 轉帳', en: 'ATM transfer' },
  getAtm: { zh: '取得 ATM 虛擬帳號', en: 'Get an ATM virtual account' },
  cvs: { zh: '超商代碼繳費', en: 'Pay at a convenience store' },
  getCvs: { zh: '取得超商繳費代碼', en: 'Get a store payment code' },
  back: { zh: '返回商店', en: 'Back to the shop' },
  errCardNumber: { zh: '請輸入 16 位數卡號。', en: 'Enter the 16-digit card number.' },
  errExpiry: { zh: '請輸入未過期的有效期限（MM/YY）。', en: 'Enter an expiry date (MM/YY) that has not passed.' },
  errCvc: { zh: '請輸入 3 位數安全碼。', en: 'Enter the 3-digit security code.' },
  badRequest: { zh: '付款請求有誤', en: 'The payment request is not valid' },
  badMac: {
    zh: 'CheckMacValue 驗證失敗：表單內容與簽章不符，請檢查 HashKey、HashIV 與編碼方式。',
    en: 'CheckMacValue check failed: the form does not match its signature. Check HashKey, HashIV and the encoding.',
  },
  badField: { zh: '欄位 {field} 不正確：{reason}', en: 'Field {field} is not valid: {reason}' },
  merchant: { zh: '特店編號與設定不符。', en: 'The merchant ID does not match the configured one.' },
  duplicate: {
    zh: 'MerchantTradeNo 已使用過，每次付款都需要新的編號。',
    en: 'This MerchantTradeNo was used before; every payment attempt needs a new one.',
  },
  amountRange: {
    zh: 'TotalAmount 超出此付款方式的金額範圍（{min} 至 {max} 元）。',
    en: 'TotalAmount is outside what this payment method takes ({min} to {max} dollars).',
  },
  unsupported: {
    zh: 'ChoosePayment 只支援 Credit、ApplePay、TWQR、ATM、CVS 與 ALL。',
    en: 'ChoosePayment must be Credit, ApplePay, TWQR, ATM, CVS or ALL.',
  },
  notForm: { zh: '請以表單 POST 送出。', en: 'Send it as a form POST.' },
  noTrade: { zh: '找不到這筆交易，或它已經處理過了。', en: 'This trade was not found or has already been handled.' },
  issuedAtm: { zh: 'ATM 虛擬帳號已產生', en: 'ATM virtual account issued' },
  issuedCvs: { zh: '超商繳費代碼已產生', en: 'Store payment code issued' },
  bankCode: { zh: '銀行代碼', en: 'Bank code' },
  vAccount: { zh: '虛擬帳號', en: 'Virtual account' },
  paymentNo: { zh: '繳費代碼', en: 'Payment code' },
  expires: { zh: '繳費期限', en: 'Pay by' },
  transfer: { zh: '模擬完成轉帳或繳費', en: 'Simulate the transfer or store payment' },
  paid: { zh: '付款完成', en: 'Payment completed' },
  declined: { zh: '付款失敗：卡片未獲授權', en: 'Payment failed: the card was declined' },
  notified: {
    zh: '已通知商店（收到 1|OK）。',
    en: 'The shop was notified (1|OK).',
  },
  notNotified: {
    zh: '商店沒有回應 1|OK（回應：{answer}）；綠界會每 5 至 15 分鐘重送一次，一天最多 {resends} 次。',
    en: 'The shop did not answer 1|OK (answer: {answer}); ECPay resends it every 5 to 15 minutes, at most {resends} times a day.',
  },
  toShop: { zh: '正在返回商店…', en: 'Returning to the shop…' },
  continue: { zh: '繼續', en: 'Continue' },
  installments: {
    zh: '分 {periods} 期：首期 {first}，其後每期 {each}',
    en: '{periods} installments: {first} first, then {each} a month',
  },
  useRedeem: { zh: '使用信用卡紅利折抵', en: "Use the card's bonus points" },
  applePay: { zh: 'Apple Pay', en: 'Apple Pay' },
  payApplePay: { zh: '以 Apple Pay 付款 {amount}', en: 'Pay {amount} with Apple Pay' },
  twqr: { zh: 'TWQR 行動支付', en: 'TWQR mobile wallet' },
  twqrHint: {
    zh: '請用台灣 Pay、街口或其他支援 TWQR 的 App 掃描 QR Code，並在 App 中確認付款。',
    en: 'Scan the QR code with Taiwan Pay, JKO or another app that takes TWQR, and confirm the payment in the app.',
  },
  twqrPaid: { zh: '模擬在 App 中完成付款', en: 'Simulate confirming the payment in the app' },
  notContracted: {
    zh: '特店未申請 {method}，綠界不接受這個付款方式。',
    en: 'The merchant has not enabled {method}; ECPay refuses this payment method.',
  },
  installmentCardOnly: {
    zh: 'CreditInstallment 只能搭配 ChoosePayment=Credit。',
    en: 'CreditInstallment goes with ChoosePayment=Credit only.',
  },
  installmentNotContracted: {
    zh: '特店未申請分 {periods} 期。',
    en: 'The merchant has not enabled {periods} installments.',
  },
  installmentMin: {
    zh: '分 {periods} 期的金額至少 {min} 元。',
    en: '{periods} installments need at least {min} dollars.',
  },
  redeemOneTime: {
    zh: '紅利折抵（Redeem=Y）只適用信用卡一次付清，不可搭配分期。',
    en: 'Redeem=Y is for a card paid at once, never with installments.',
  },
} as const satisfies Record<string, Msg>;

type Say = (key: keyof typeof CASHIER_TEXT, params?: Record<string, string | number>) => string;
const path = (step: string) => `${SIMULATOR_PATHS.cashier}/${step}`;

/** Order summary: number, amount and items (ItemName is `#`-separated). */
export function summary(say: Say, form: Record<string, string>): string {
  const items = (form.ItemName ?? '').split('#').map((i) => `<li>${esc(i)}</li>`);
  return `<dl><dt>${esc(say('order'))}</dt><dd>${esc(form.MerchantTradeNo ?? '')}</dd>
<dt>${esc(say('amount'))}</dt><dd>NT$${esc(Number(form.TotalAmount).toLocaleString('en-US'))}</dd>
<dt>${esc(say('items'))}</dt><dd><ul>${items.join('')}</ul></dd></dl>`;
}

function field(id: string, label: string, attrs: string, value: string, error: string | undefined): string {
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<label for="${id}">${esc(label)}</label><input id="${id}" name="${id}" value="${esc(value)}" ${attrs}${described}>${
    error ? `<p id="${id}-error" class="error">${esc(error)}</p>` : ''
  }`;
}

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** The methods the form's ChoosePayment allows, each as its own form. */
export function methods(
  say: Say,
  token: string,
  form: Record<string, string>,
  card: { input: CardInput; errors: Partial<Record<keyof CardInput, string>> },
  /** The methods whose limits take the amount: ECPay offers only those among all methods. */
  payable: (method: 'Credit' | 'ATM' | 'CVS' | 'ApplePay' | 'TWQR') => boolean = () => true,
): string {
  const choose = form.ChoosePayment ?? 'ALL';
  const parts: string[] = [];
  const t = hiddenInputs({ token });
  const amount = Number(form.TotalAmount);
  const ntd = (n: number) => `NT$${n.toLocaleString('en-US')}`;
  if (choose === 'Credit' || (choose === 'ALL' && payable('Credit'))) {
    const { input, errors } = card;
    const periods = Number((form.CreditInstallment ?? '').split(',')[0]) || 0;
    const each = periods ? Math.floor(amount / periods) : 0;
    const plan = periods
      ? `<p>${esc(say('installments', { periods, first: ntd(amount - each * (periods - 1)), each: ntd(each) }))}</p>`
      : '';
    const redeem =
      form.Redeem === 'Y'
        ? `<label><input type="checkbox" name="redeem" value="1"> ${esc(say('useRedeem'))}</label>`
        : '';
    parts.push(`<section aria-labelledby="h-card"><h2 id="h-card">${esc(say('card'))}</h2>
<p>${esc(say('testCards', { success: CARDS.success, declined: CARDS.declined }))}</p>${plan}
<form method="post" action="${path('card')}" novalidate>${t}${redeem}
${field('cardNumber', say('cardNumber'), 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', input.cardNumber, errors.cardNumber)}
${field('expiry', say('expiry'), 'inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/YY"', input.expiry, errors.expiry)}
${field('cvc', say('cvc'), 'inputmode="numeric" autocomplete="cc-csc" maxlength="3"', input.cvc, errors.cvc)}
<button type="submit">${esc(say('pay', { amount: `NT$${Number(form.TotalAmount).toLocaleString('en-US')}` }))}</button></form></section>`);
  }
  if (choose === 'ApplePay')
    parts.push(`<section aria-labelledby="h-applepay"><h2 id="h-applepay">${esc(say('applePay'))}</h2>
<form method="post" action="${path('applepay')}">${t}<button type="submit">${esc(say('payApplePay', { amount: ntd(amount) }))}</button></form></section>`);
  if (choose === 'TWQR')
    parts.push(`<section aria-labelledby="h-twqr"><h2 id="h-twqr">${esc(say('twqr'))}</h2>
<p>${esc(say('twqrHint'))}</p>
<form method="post" action="${path('twqr')}">${t}<button type="submit">${esc(say('twqrPaid'))}</button></form></section>`);
  if (choose === 'ATM' || (choose === 'ALL' && payable('ATM')))
    parts.push(`<section aria-labelledby="h-atm"><h2 id="h-atm">${esc(say('atm'))}</h2>
<form method="post" action="${path('atm')}">${t}<button type="submit">${esc(say('getAtm'))}</button></form></section>`);
  if (choose === 'CVS' || (choose === 'ALL' && payable('CVS')))
    parts.push(`<section aria-labelledby="h-cvs"><h2 id="h-cvs">${esc(say('cvs'))}</h2>
<form method="post" action="${path('cvs')}">${t}<button type="submit">${esc(say('getCvs'))}</button></form></section>`);
  if (form.ClientBackURL) parts.push(`<p><a href="${esc(form.ClientBackURL)}">${esc(say('back'))}</a></p>`);
  return parts.join('\n');
}

/** The issued ATM account or store code, with the button that simulates paying it. */
export function issued(
  say: Say,
  trade: {
    token: string;
    payment_type: string;
    bank_code: string;
    v_account: string;
    payment_no: string;
    expire_date: string;
  },
  clientBack: string | undefined,
): string {
  const atm = trade.payment_type.startsWith('ATM');
  const rows = atm
    ? [
        [say('bankCode'), trade.bank_code],
        [say('vAccount'), trade.v_account],
      ]
    : [[say('paymentNo'), trade.payment_no]];
  rows.push([say('expires'), trade.expire_date]);
  return `<h2>${esc(say(atm ? 'issuedAtm' : 'issuedCvs'))}</h2><dl>${rows
    .map(([k, v]) => `<dt>${esc(k ?? '')}</dt><dd>${esc(v ?? '')}</dd>`)
    .join('')}</dl>
<form method="post" action="${path('transfer')}">${hiddenInputs({ token: trade.token })}<button type="submit" class="secondary">${esc(say('transfer'))}</button></form>
${clientBack ? `<p><a href="${esc(clientBack)}">${esc(say('back'))}</a></p>` : ''}`;
}
