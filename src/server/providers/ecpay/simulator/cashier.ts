import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../../context.ts';
import { autoPostForm, esc, page, problemPage, readForm, sayer, simulatorsOnly } from '../../simulator-kit.ts';
import type { AioMethod } from '../aio.ts';
import { verifyCheckMac } from '../check-mac.ts';
import { ecpayConfig } from '../config.ts';
import { MERCHANT_TRADE_NO_RE } from '../fields.ts';
import { amountLimits, ecpayOffer, withinRange } from '../limits.ts';
import { extraPaidInfo, recordAuthorisation, redeemedOn, simDoAction, simQueryCreditTrade } from './credit.ts';
import { type Delivery, deliverNotice, NOTICE_RESENDS } from './deliver.ts';
import {
  CARDS,
  formOf,
  infoNotice,
  issueNumber,
  newTrade,
  paymentNotice,
  queryAnswer,
  type SimTrade,
} from './trades.ts';
import { CASHIER_TEXT, type CardInput, issued, methods, summary } from './view.ts';

const url = z.url({ protocol: /^https?$/ });
// Loose: the AIO form has many optional fields; all of them are covered by the CheckMacValue.
const aioForm = z.looseObject({
  MerchantID: z.string(),
  MerchantTradeNo: z.string().regex(MERCHANT_TRADE_NO_RE),
  MerchantTradeDate: z.string().regex(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/),
  PaymentType: z.literal('aio'),
  TotalAmount: z.string().regex(/^[1-9]\d{0,8}$/),
  TradeDesc: z.string().min(1).max(200),
  ItemName: z.string().min(1).max(400),
  ReturnURL: url,
  ChoosePayment: z.string(),
  EncryptType: z.literal('1'),
  OrderResultURL: url.optional(),
  PaymentInfoURL: url.optional(),
  ClientBackURL: url.optional(),
});
const SUPPORTED = new Set(['Credit', 'ATM', 'CVS', 'ApplePay', 'TWQR', 'ALL']);
/** CreditInstallment as ECPay's SDK checks it: up to six periods among 3, 6, 12, 18, 24 and 30N. */
const INSTALLMENT_RE = /^(3|6|12|18|24|30N)(,3|,6|,12|,18|,24|,30N){0,5}$/;
const cardForm = z.strictObject({
  token: z.string(),
  cardNumber: z.string(),
  expiry: z.string(),
  cvc: z.string(),
  redeem: z.literal('1').optional(),
});
const tokenForm = z.strictObject({ token: z.string() });

const sayOf = (c: Context<AppEnv>) => sayer(CASHIER_TEXT, c.get('locale'));
const accountOf = (c: Context<AppEnv>) => ecpayConfig(c.get('deps').env).payment;
const resendMsOf = (c: Context<AppEnv>) => c.get('deps').env.ECPAY_SIM_RESEND_MS;
/** Which methods take `amount` under this merchant's limits. */
const payableOf = (c: Context<AppEnv>, amount: number) => {
  const limits = amountLimits(c.get('deps').env);
  return (method: AioMethod) => withinRange(amount, limits[method]);
};
const trades = (c: Context<AppEnv>) => c.get('deps').db.kysely;

/** Card checks of the form: 16 digits, an expiry month not yet over (Taiwan time), 3-digit code. */
function cardErrors(input: CardInput, now: number): Partial<Record<keyof CardInput, keyof typeof CASHIER_TEXT>> {
  const errors: Partial<Record<keyof CardInput, keyof typeof CASHIER_TEXT>> = {};
  if (!/^\d{16}$/.test(input.cardNumber.replace(/[\s-]/g, ''))) errors.cardNumber = 'errCardNumber';
  const m = /^(\d{2})\/(\d{2})$/.exec(input.expiry.trim());
  const month = Number(m?.[1]);
  const endOfMonth = m ? Date.UTC(2000 + Number(m[2]), month, 1) - 8 * 3_600_000 : 0;
  if (!m || month < 1 || month > 12 || endOfMonth <= now) errors.expiry = 'errExpiry';
  if (!/^\d{3}$/.test(input.cvc.trim())) errors.cvc = 'errCvc';
  return errors;
}

async function tradeFor(c: Context<AppEnv>, token: string, status: string): Promise<SimTrade | undefined> {
  return trades(c)
    .selectFrom('sim_ecpay_trades')
    .selectAll()
    .where('token', '=', token)
    .where('status', '=', status)
    .executeTakeFirst();
}

const deliveryLine = (c: Context<AppEnv>, d: Delivery) =>
  `<p role="status">${esc(
    d.ok ? sayOf(c)('notified') : sayOf(c)('notNotified', { answer: d.answer, resends: NOTICE_RESENDS }),
  )}</p>`;

/**
 * What ECPay refuses of a form against the merchant's contract (the shop's own ECPAY_* settings stand
 * for it here): Apple Pay or TWQR not enabled, a CreditInstallment not in ECPay's pattern, with another
 * method, a period the contract lacks or an amount below its minimum, and Redeem other than Y or N,
 * with installments, or not enabled.
 */
function contractRefusal(c: Context<AppEnv>, form: Record<string, string>, amount: number): string | null {
  const say = sayOf(c);
  const offer = ecpayOffer(c.get('deps').env);
  const method = form.ChoosePayment ?? '';
  if ((method === 'ApplePay' && !offer.applePay) || (method === 'TWQR' && !offer.twqr))
    return say('notContracted', { method });
  const periods = form.CreditInstallment;
  if (periods !== undefined) {
    if (!INSTALLMENT_RE.test(periods)) return say('badField', { field: 'CreditInstallment', reason: periods });
    if (method !== 'Credit') return say('installmentCardOnly');
    for (const n of periods.split(',').map(Number)) {
      if (!offer.installments.periods.includes(n)) return say('installmentNotContracted', { periods: n });
      const min = offer.installments.minAmount[n] ?? n;
      if (amount < min) return say('installmentMin', { periods: n, min });
    }
  }
  const redeem = form.Redeem;
  if (redeem !== undefined) {
    if (redeem !== 'Y' && redeem !== 'N') return say('badField', { field: 'Redeem', reason: redeem });
    if (redeem === 'Y' && (periods !== undefined || !['Credit', 'ALL'].includes(method))) return say('redeemOneTime');
    if (redeem === 'Y' && !offer.redeem) return say('notContracted', { method: 'Redeem' });
  }
  return null;
}

/** The AIO cashier simulator: ECPay's checkout protocol, notices and signatures, on local pages. */
export const cashierSimulator = new Hono<AppEnv>();
cashierSimulator.use('*', simulatorsOnly);

/** POST /api/sim/ecpay/cashier: the shop's AIO form; checks merchant, CheckMacValue and fields. */
cashierSimulator.on('POST', ['/cashier', '/Cashier/AioCheckOut/V5'], async (c) => {
  const say = sayOf(c);
  const bad = (...lines: string[]) => problemPage(c, say('badRequest'), lines);
  const raw = await readForm(c);
  if (!raw) return bad(say('notForm'));
  const account = accountOf(c);
  if (raw.MerchantID !== account.merchantId) return bad(say('merchant'));
  if (!verifyCheckMac(raw, account, 'sha256')) return bad(say('badMac'));
  const parsed = aioForm.safeParse(raw);
  if (!parsed.success)
    return bad(...parsed.error.issues.map((i) => say('badField', { field: i.path.join('.'), reason: i.message })));
  if (!SUPPORTED.has(raw.ChoosePayment ?? '')) return bad(say('unsupported'));
  // ECPay refuses an amount its method cannot take (ALL offers only the methods that can).
  const limits = amountLimits(c.get('deps').env);
  const amount = Number(raw.TotalAmount);
  const method = raw.ChoosePayment as keyof typeof limits;
  if (method in limits && !withinRange(amount, limits[method]))
    return bad(say('amountRange', { min: limits[method].min, max: limits[method].max ?? '—' }));
  const refusal = contractRefusal(c, raw, amount);
  if (refusal) return bad(refusal);
  const { CheckMacValue: _mac, ...fields } = raw;
  const used = () =>
    trades(c)
      .selectFrom('sim_ecpay_trades')
      .select('id')
      .where('merchant_id', '=', account.merchantId)
      .where('merchant_trade_no', '=', fields.MerchantTradeNo ?? '')
      .executeTakeFirst();
  if (await used()) return bad(say('duplicate'));
  let trade = newTrade(fields, c.get('deps').clock.now());
  for (let attempt = 1; ; attempt++) {
    try {
      await trades(c).insertInto('sim_ecpay_trades').values(trade).execute();
      break;
    } catch (err) {
      // The same MerchantTradeNo posted twice at once, or (rarely) a TradeNo drawn twice: draw again.
      if (await used()) return bad(say('duplicate'));
      if (attempt === 3) throw err;
      trade = newTrade(fields, c.get('deps').clock.now());
    }
  }
  const empty = { cardNumber: '', expiry: '', cvc: '' };
  return page(
    c,
    say('title'),
    summary(say, fields) + methods(say, trade.token, fields, { input: empty, errors: {} }, payableOf(c, trade.amount)),
  );
});

/** POST /cashier/card: pays or declines by card, notifies ReturnURL, returns the browser to OrderResultURL. */
cashierSimulator.post('/cashier/card', async (c) => {
  const say = sayOf(c);
  const parsed = cardForm.safeParse(await readForm(c));
  const trade = parsed.success ? await tradeFor(c, parsed.data.token, 'new') : undefined;
  if (!parsed.success || !trade) return problemPage(c, say('badRequest'), [say('noTrade')]);
  const form = formOf(trade);
  const now = c.get('deps').clock.now();
  const problems = cardErrors(parsed.data, now);
  if (Object.keys(problems).length > 0) {
    const errors = Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, say(v)]));
    return page(
      c,
      say('title'),
      summary(say, form) + methods(say, trade.token, form, { input: parsed.data, errors }, payableOf(c, trade.amount)),
      {
        status: 400,
      },
    );
  }
  const card = parsed.data.cardNumber.replace(/[\s-]/g, '');
  const paid = card === CARDS.success;
  const redeemed = paid && form.Redeem === 'Y' && parsed.data.redeem === '1' ? redeemedOn(trade.amount) : 0;
  return finish(c, trade, { paid, paymentType: 'Credit_CreditCard', card4no: card.slice(-4), redeemed });
});

/**
 * The end of a payment on the cashier's page: the trade paid or failed, a card's authorisation
 * recorded (refunds go through CreditDetail), ReturnURL notified, and the browser sent on to
 * OrderResultURL with the same notice.
 */
async function finish(
  c: Context<AppEnv>,
  trade: SimTrade,
  result: { paid: boolean; paymentType: string; card4no?: string; redeemed?: number },
) {
  const say = sayOf(c);
  const form = formOf(trade);
  const now = c.get('deps').clock.now();
  const { paid, paymentType } = result;
  const moved = await trades(c)
    .updateTable('sim_ecpay_trades')
    .set({ status: paid ? 'paid' : 'failed', payment_type: paymentType, paid_at: paid ? now : null })
    .where('id', '=', trade.id)
    .where('status', '=', 'new')
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) return problemPage(c, say('badRequest'), [say('noTrade')]);
  const byCard = result.card4no !== undefined;
  const credit =
    paid && byCard ? await recordAuthorisation(c.get('deps').db, trade, form, now, result.redeemed ?? 0) : undefined;
  const extra =
    form.NeedExtraPaidInfo !== 'Y'
      ? {}
      : credit
        ? extraPaidInfo(credit, result.card4no ?? '')
        : paymentType.startsWith('TWQR')
          ? twqrExtra(trade)
          : {};
  const notice = paymentNotice(trade, accountOf(c), { paid, paymentType, at: now }, extra);
  const delivery = await deliverNotice(form.ReturnURL!, notice, resendMsOf(c));
  const text = `<p>${esc(say(paid ? 'paid' : 'declined'))}</p>${deliveryLine(c, delivery)}`;
  if (!form.OrderResultURL) return page(c, say('title'), text + backLink(say, form));
  return page(
    c,
    say('title'),
    `${text}<p>${esc(say('toShop'))}</p>${autoPostForm(form.OrderResultURL, notice, say('continue'))}`,
    { autoSubmit: true },
  );
}

/** TWQRTradeNo, the wallet's trade number that a TWQR notice carries under NeedExtraPaidInfo=Y. */
const twqrExtra = (trade: SimTrade) => ({ TWQRTradeNo: `TWQR${trade.trade_no}` });

/** POST /cashier/applepay and /cashier/twqr: the wallet paid (Apple Pay authorises a card). */
for (const [kind, paymentType] of [
  ['ApplePay', 'ApplePay'],
  ['TWQR', 'TWQR_OPAY'],
] as const) {
  cashierSimulator.post(`/cashier/${kind.toLowerCase()}`, async (c) => {
    const say = sayOf(c);
    const parsed = tokenForm.safeParse(await readForm(c));
    const trade = parsed.success ? await tradeFor(c, parsed.data.token, 'new') : undefined;
    if (!trade || formOf(trade).ChoosePayment !== kind) return problemPage(c, say('badRequest'), [say('noTrade')]);
    return finish(c, trade, {
      paid: true,
      paymentType,
      ...(kind === 'ApplePay' ? { card4no: CARDS.success.slice(-4) } : {}),
    });
  });
}

const backLink = (say: ReturnType<typeof sayOf>, form: Record<string, string>) =>
  form.ClientBackURL ? `<p><a href="${esc(form.ClientBackURL)}">${esc(say('back'))}</a></p>` : '';

/** POST /cashier/atm and /cashier/cvs: issues the account or code and posts it to PaymentInfoURL. */
for (const kind of ['ATM', 'CVS'] as const) {
  cashierSimulator.post(`/cashier/${kind.toLowerCase()}`, async (c) => {
    const say = sayOf(c);
    const parsed = tokenForm.safeParse(await readForm(c));
    const trade = parsed.success ? await tradeFor(c, parsed.data.token, 'new') : undefined;
    const form = trade ? formOf(trade) : {};
    if (!trade || !['ALL', kind].includes(form.ChoosePayment ?? ''))
      return problemPage(c, say('badRequest'), [say('noTrade')]);
    if (!payableOf(c, trade.amount)(kind)) {
      const range = amountLimits(c.get('deps').env)[kind];
      return problemPage(c, say('badRequest'), [say('amountRange', { min: range.min, max: range.max ?? '—' })]);
    }
    const number = issueNumber(kind, form, c.get('deps').clock.now());
    const moved = await trades(c)
      .updateTable('sim_ecpay_trades')
      .set({ status: 'issued', ...number })
      .where('id', '=', trade.id)
      .where('status', '=', 'new')
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) return problemPage(c, say('badRequest'), [say('noTrade')]);
    const updated = { ...trade, ...number, status: 'issued' } as SimTrade;
    const delivery = form.PaymentInfoURL
      ? await deliverNotice(form.PaymentInfoURL, infoNotice(updated, accountOf(c)), resendMsOf(c))
      : null;
    return page(
      c,
      say('title'),
      issued(say, updated, form.ClientBackURL) + (delivery ? deliveryLine(c, delivery) : ''),
    );
  });
}

/** POST /cashier/transfer: the shopper paid the ATM account or store code; ECPay notifies ReturnURL. */
cashierSimulator.post('/cashier/transfer', async (c) => {
  const say = sayOf(c);
  const parsed = tokenForm.safeParse(await readForm(c));
  const trade = parsed.success ? await tradeFor(c, parsed.data.token, 'issued') : undefined;
  if (!trade) return problemPage(c, say('badRequest'), [say('noTrade')]);
  const now = c.get('deps').clock.now();
  const moved = await trades(c)
    .updateTable('sim_ecpay_trades')
    .set({ status: 'paid', paid_at: now })
    .where('id', '=', trade.id)
    .where('status', '=', 'issued')
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) return problemPage(c, say('badRequest'), [say('noTrade')]);
  const form = formOf(trade);
  const notice = paymentNotice(trade, accountOf(c), { paid: true, paymentType: trade.payment_type, at: now });
  const delivery = await deliverNotice(form.ReturnURL!, notice, resendMsOf(c));
  return page(c, say('title'), `<p>${esc(say('paid'))}</p>${deliveryLine(c, delivery)}${backLink(say, form)}`);
});

/** ECPay takes a query's TimeStamp for this long (3 minutes) either side of its own clock. */
const QUERY_TIMESTAMP_WINDOW_S = 180;
const queryForm = z.strictObject({
  MerchantID: z.string(),
  MerchantTradeNo: z.string().regex(MERCHANT_TRADE_NO_RE),
  TimeStamp: z.string().regex(/^\d{1,12}$/),
  PlatformID: z.string().optional(),
  CheckMacValue: z.string(),
});

/**
 * POST /Cashier/QueryTradeInfo/V5: what the simulator recorded of a trade, signed, as a URL-encoded
 * string. A bad merchant, signature or TimeStamp answers 400 with a plain reason, as nothing to trust.
 */
cashierSimulator.post('/Cashier/QueryTradeInfo/V5', async (c) => {
  const raw = await readForm(c);
  const parsed = queryForm.safeParse(raw);
  const account = accountOf(c);
  const refuse = (reason: string) => c.text(reason, 400);
  if (!raw || !parsed.success) return refuse('Parameter Error');
  if (parsed.data.MerchantID !== account.merchantId) return refuse('MerchantID Error');
  if (!verifyCheckMac(raw, account, 'sha256')) return refuse('CheckMacValue Error');
  const nowS = Math.floor(c.get('deps').clock.now() / 1000);
  if (Math.abs(nowS - Number(parsed.data.TimeStamp)) > QUERY_TIMESTAMP_WINDOW_S) return refuse('TimeStamp Error');
  const trade = await trades(c)
    .selectFrom('sim_ecpay_trades')
    .selectAll()
    .where('merchant_id', '=', account.merchantId)
    .where('merchant_trade_no', '=', parsed.data.MerchantTradeNo)
    .executeTakeFirst();
  const credit =
    trade && formOf(trade).NeedExtraPaidInfo === 'Y'
      ? await trades(c)
          .selectFrom('sim_ecpay_credit')
          .selectAll()
          .where('merchant_id', '=', trade.merchant_id)
          .where('merchant_trade_no', '=', trade.merchant_trade_no)
          .executeTakeFirst()
      : undefined;
  const extra = credit
    ? extraPaidInfo(credit, CARDS.success.slice(-4))
    : trade?.payment_type.startsWith('TWQR') && formOf(trade).NeedExtraPaidInfo === 'Y'
      ? twqrExtra(trade)
      : {};
  return c.text(new URLSearchParams(queryAnswer(trade, account, parsed.data.MerchantTradeNo, extra)).toString());
});

/** ECPay's CreditDetail routes on the simulator's card trades (credit.ts). */
cashierSimulator.post('/CreditDetail/QueryTrade/V2', simQueryCreditTrade);
cashierSimulator.post('/CreditDetail/DoAction', simDoAction);
