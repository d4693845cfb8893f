import { sweepPayments } from '../../../src/server/payment/sweep.ts';
import { call } from '../http.ts';
import { depsOf } from '../shop-db.ts';
import { type CardOrder, paidNotice, paidState, placeCardOrder, postNotice, startAttempt } from '../shop-orders.ts';
import { type Ctx, layouts, type Scenario, spread } from './context.ts';

const OK = '1|OK';
const REPEATS = 5;

/**
 * L3: the same signed paid notice 5 times in sequence and 5 at once (over both servers on
 * PostgreSQL) → the order paid once, every reply `1|OK`; notices with a wrong amount (signed) or a
 * wrong CheckMacValue → refused, nothing changes.
 */
export const noticeStorm: Scenario = {
  name: 'L3',
  async run(ctx) {
    for (const { label, both } of layouts(ctx)) {
      const base = spread(ctx, both);
      const order = await placeCardOrder(ctx.shop, base(0));
      const tradeNo = await startAttempt(base(0), order);
      const form = paidNotice(tradeNo, order.total);
      const replies: string[] = [];
      for (let i = 0; i < REPEATS; i++) replies.push((await postNotice(base(i), form)).text);
      const burst = await Promise.all(Array.from({ length: REPEATS }, (_, i) => postNotice(base(i), form)));
      replies.push(...burst.map((a) => a.text));
      const after = await paidState(ctx.shop, order.id);
      const allOk = replies.filter((r) => r === OK).length;
      ctx.report.add({
        scenario: `L3 notice storm (${label})`,
        tried: `one signed paid notice ${REPEATS}× in sequence, then ${REPEATS}× at once`,
        target: `paid once; ${replies.length}/${replies.length} replies 1|OK`,
        figure: `state ${after.state}, ${after.paidEvents} paid event(s); ${allOk}/${replies.length} replies 1|OK`,
        held: after.state === 'paid' && after.paidEvents === 1 && allOk === replies.length,
      });

      const other = await placeCardOrder(ctx.shop, base(0));
      const otherTrade = await startAttempt(base(1), other);
      const good = paidNotice(otherTrade, other.total);
      const tampered = [
        paidNotice(otherTrade, other.total + 1),
        { ...good, CheckMacValue: good.CheckMacValue!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
        { ...good, TradeAmt: String(other.total - 1) },
        // A paid order's notice changed after signing: still refused.
        { ...form, RtnCode: '10100058' },
      ];
      const answers = await Promise.all(tampered.map((f, i) => postNotice(base(i), f)));
      const still = await paidState(ctx.shop, other.id);
      const paidAgain = await paidState(ctx.shop, order.id);
      ctx.report.add({
        scenario: `L3 tampered notices (${label})`,
        tried: 'wrong amount (signed), wrong CheckMacValue, amount changed after signing, a paid notice altered',
        target: 'none answered 1|OK; nothing changes',
        figure: `replies ${answers.map((a) => `${a.status} ${a.text}`).join(', ')}; unpaid order ${still.state}, paid order ${paidAgain.state} with ${paidAgain.paidEvents} paid event(s)`,
        held:
          answers.every((a) => a.text !== OK) &&
          still.state === 'awaiting_payment' &&
          still.paidEvents === 0 &&
          paidAgain.state === 'paid' &&
          paidAgain.paidEvents === 1,
      });
    }
  },
};

async function arm(base: string, name: string, times: number) {
  const a = await call(base, 'POST', '/dev/faults', { body: { name, times } });
  if (a.status !== 200) throw new Error(`arming ${name}: ${a.status} ${a.text.slice(0, 120)}`);
}

/**
 * F3: a paid notice arrives while the database is unavailable (the `payment.notify` fault) → no
 * `1|OK`, so ECPay sends it again; the retry (to the other server on PostgreSQL) marks it paid once.
 */
export const noticeDuringOutage: Scenario = {
  name: 'F3',
  async run(ctx: Ctx) {
    for (const { label, both } of layouts(ctx)) {
      const first = ctx.servers[0].api;
      const retry = both ? ctx.servers[1].api : first;
      const order = await placeCardOrder(ctx.shop, first);
      const tradeNo = await startAttempt(first, order);
      const form = paidNotice(tradeNo, order.total);
      await arm(first, 'payment.notify', 1);
      const failed = await postNotice(first, form);
      const during = await paidState(ctx.shop, order.id);
      const again = await postNotice(retry, form);
      const twice = await postNotice(retry, form);
      const after = await paidState(ctx.shop, order.id);
      ctx.report.add({
        scenario: `F3 notice during an outage (${label})`,
        tried: `payment.notify armed once; the notice, then ECPay's retry${both ? ' to the other server' : ''}, then once more`,
        target: 'no 1|OK during the outage, order unchanged; the retry 1|OK and paid once',
        figure: `outage: ${failed.status} ${failed.text}, order ${during.state}; retry: ${again.text}, ${twice.text}; order ${after.state} with ${after.paidEvents} paid event(s)`,
        held:
          failed.text !== OK &&
          during.state === 'awaiting_payment' &&
          again.text === OK &&
          twice.text === OK &&
          after.state === 'paid' &&
          after.paidEvents === 1,
      });
    }
  },
};

/** Card orders paid during the notify outage, per layout. */
const OUTAGE_ORDERS = 4;
/** The card window passes: attempts and deadlines are moved back by this much. */
const WINDOW_PASSED_MS = 31 * 60_000;

/** Pays an order's new attempt by card on the server's cashier simulator (ECPay records it paid). */
async function payOnCashier(base: string, order: CardOrder): Promise<string> {
  const a = await call(base, 'POST', `/orders/${order.no}/payment`, { token: order.token });
  const { action, fields } = a.json?.result ?? {};
  if (a.status !== 200 || typeof action !== 'string') throw new Error(`payment attempt for ${order.no}: ${a.status}`);
  const form = (f: Record<string, string>) => ({
    raw: new URLSearchParams(f).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const cashierPath = new URL(action).pathname.replace(/^\/api/, '');
  const page = await call(base, 'POST', cashierPath, form(fields));
  const token = /name="token" value="([0-9a-f]+)"/.exec(page.text)?.[1];
  if (page.status !== 200 || !token) throw new Error(`cashier page for ${order.no}: ${page.status}`);
  const card = { token, cardNumber: '4311-9522-2222-2222', expiry: '12/30', cvc: '123' };
  const paid = await call(base, 'POST', '/sim/ecpay/cashier/card', form(card));
  if (paid.status !== 200) throw new Error(`card payment for ${order.no}: ${paid.status}`);
  return fields.MerchantTradeNo as string;
}

/**
 * F5: the notify route is down (503) for the whole card window while ECPay takes the payments:
 * every order is found paid by reconciliation (QueryTradeInfo to the cashier simulator), none released.
 */
export const notifyOutageWindow: Scenario = {
  name: 'F5',
  async run(ctx: Ctx) {
    for (const { label, both } of layouts(ctx)) {
      const base = spread(ctx, both);
      const bases = both ? [ctx.servers[0].api, ctx.servers[1].api] : [ctx.servers[0].api];
      for (const b of bases) await arm(b, 'payment.notify', 1_000);
      const orders: CardOrder[] = [];
      const trades: string[] = [];
      try {
        for (let i = 0; i < OUTAGE_ORDERS; i++) {
          const order = await placeCardOrder(ctx.shop, base(i));
          orders.push(order);
          trades.push(await payOnCashier(base(i), order));
        }
      } finally {
        for (const b of bases) await arm(b, 'payment.notify', 0);
      }
      const during = await Promise.all(orders.map((o) => paidState(ctx.shop, o.id)));
      // The card window passes with no notice through: ECPay's resends are minutes apart.
      const k = ctx.shop.db.kysely;
      const ids = orders.map((o) => o.id);
      await k
        .updateTable('payment_attempts')
        .set((eb) => ({ created_at: eb('created_at', '-', WINDOW_PASSED_MS) }))
        .where('order_id', 'in', ids)
        .execute();
      await k
        .updateTable('orders')
        .set({ pay_deadline: Date.now() - 1 })
        .where('id', 'in', ids)
        .execute();
      // One sweep pass as each server runs it, asking the servers' cashier simulator.
      const deps = depsOf(ctx.shop);
      // The servers' simulators answer for every ECPay service the pass calls (the invoices it
      // issues for the orders it finds paid included).
      deps.env.SITE_URL = new URL(ctx.servers[0].api).origin;
      deps.env.ECPAY_PAYMENT_BASE_URL = `${deps.env.SITE_URL}/api/sim/ecpay`;
      deps.env.ECPAY_ENV = 'simulator';
      const pass = await sweepPayments(deps);
      const after = await Promise.all(orders.map((o) => paidState(ctx.shop, o.id)));
      const reconciled = await k
        .selectFrom('payment_notices')
        .select('merchant_trade_no')
        .where('kind', '=', 'reconcile')
        .where('outcome', '=', 'paid')
        .where('merchant_trade_no', 'in', trades)
        .execute();
      const released = after.filter((s) => s.state === 'cancelled').length;
      const paid = after.filter((s) => s.state === 'paid' && s.paidEvents === 1).length;
      ctx.report.add({
        scenario: `F5 notify down for the card window (${label})`,
        tried: `${OUTAGE_ORDERS} card orders paid at ECPay (simulator) while every notice got 503; the window passes; one sweep`,
        target: '0 paid orders released; each found paid by reconciliation, once',
        figure: `during: ${during.filter((s) => s.state === 'awaiting_payment').length} awaiting; after the sweep: ${paid} paid, ${released} released, ${reconciled.length} reconciled notices (pass: ${pass.reconciled} reconciled, ${pass.released} released)`,
        held:
          during.every((s) => s.state === 'awaiting_payment') &&
          released === 0 &&
          paid === OUTAGE_ORDERS &&
          reconciled.length === OUTAGE_ORDERS,
      });
    }
  },
};
