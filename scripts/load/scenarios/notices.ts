import { call } from '../http.ts';
import { paidNotice, paidState, placeCardOrder, postNotice, startAttempt } from '../shop-orders.ts';
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
