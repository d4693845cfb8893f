import { type Answer, call, statusSummary } from '../http.ts';
import { ownerToken, type ReceivedReturn, receivedReturns } from '../shop-returns.ts';
import { pickItem, setStock } from '../shop-stock.ts';
import type { Ctx, Scenario } from './context.ts';

/** The variant this scenario's orders hold (counted from the newest; the other scenarios take 0 to 14). */
const ITEM = 16;
const CLICKS = 20;
const OUTAGE_REFUNDS = 50;
const QUICK_OUTAGE_REFUNDS = 12;

const refundOf = (base: string, owner: string, r: ReceivedReturn) =>
  call(base, 'POST', `/admin/returns/${r.returnId}/refund`, { token: owner });

async function arm(ctx: Ctx, name: 'ecpay.refund.down' | 'invoice.allowance.down', times: number) {
  for (const s of ctx.servers) {
    const a = await call(s.api, 'POST', '/dev/faults', { body: { name, times } });
    if (a.status !== 200) throw new Error(`arming ${name}: ${a.status} ${a.text.slice(0, 100)}`);
  }
}

/**
 * What ECPay's simulators hold for these returns: per card trade the refunds DoAction made (its
 * close records of a negative amount, or the authorisation given up by N), per invoice the
 * allowances issued (voided or not); and the shop's refunds and returns.
 */
async function tally(ctx: Ctx, rs: ReceivedReturn[]) {
  const k = ctx.shop.db.kysely;
  const trades = await k
    .selectFrom('sim_ecpay_credit')
    .select(['merchant_trade_no', 'status', 'close_data'])
    .where(
      'merchant_trade_no',
      'in',
      rs.map((r) => r.merchantTradeNo),
    )
    .execute();
  const actions = new Map(
    trades.map((t) => [
      t.merchant_trade_no,
      (JSON.parse(t.close_data) as { amount: number }[]).filter((c) => c.amount < 0).length +
        (t.status === 'cancelled' ? 1 : 0),
    ]),
  );
  const orders = await k
    .selectFrom('orders')
    .select(['id', 'invoice_no'])
    .where(
      'id',
      'in',
      rs.map((r) => r.orderId),
    )
    .execute();
  const allowances = await k
    .selectFrom('sim_invoice_allowances')
    .select(['invoice_no', 'voided_at'])
    .where(
      'invoice_no',
      'in',
      orders.map((o) => o.invoice_no ?? ''),
    )
    .execute();
  const refunds = await k
    .selectFrom('refunds')
    .select(['state', 'attempts'])
    .where(
      'id',
      'in',
      rs.map((r) => r.refundId),
    )
    .execute();
  const returns = await k
    .selectFrom('returns')
    .select(['state', 'allowance_no'])
    .where(
      'id',
      'in',
      rs.map((r) => r.returnId),
    )
    .execute();
  const perTrade = rs.map((r) => actions.get(r.merchantTradeNo) ?? 0);
  const perInvoice = orders.map((o) => allowances.filter((a) => a.invoice_no === o.invoice_no).length);
  return {
    sent: refunds.filter((r) => r.state === 'sent').length,
    closed: returns.filter((r) => r.state === 'closed' && r.allowance_no).length,
    once: perTrade.filter((n) => n === 1).length,
    twice: perTrade.filter((n) => n > 1).length,
    allowedOnce: perInvoice.filter((n) => n === 1).length,
    allowedTwice: perInvoice.filter((n) => n > 1).length,
    figure: (n: number) =>
      `${refunds.filter((r) => r.state === 'sent').length}/${n} refunds sent, ${returns.filter((r) => r.state === 'closed').length} returns closed; DoActions per trade ${summary(perTrade)}; allowances per invoice ${summary(perInvoice)}`,
  };
}

/** `2 × 1, 1 × 0`: how many trades (or invoices) had how many. */
function summary(counts: number[]): string {
  const by = new Map<number, number>();
  for (const c of counts) by.set(c, (by.get(c) ?? 0) + 1);
  return [...by.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([c, n]) => `${n} × ${c}`)
    .join(', ');
}

/** Clicks of the refund action until every return is closed or `rounds` rounds passed. */
async function retryUntilClosed(ctx: Ctx, owner: string, rs: ReceivedReturn[], rounds: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let round = 0; round < rounds; round++) {
    const open = await ctx.shop.db.kysely
      .selectFrom('returns')
      .select('id')
      .where(
        'id',
        'in',
        rs.map((r) => r.returnId),
      )
      .where('state', '<>', 'closed')
      .execute();
    if (!open.length) break;
    const ids = new Set(open.map((o) => o.id));
    // A retry clicked twice at once, on both servers.
    const retries = rs
      .filter((r) => ids.has(r.returnId))
      .flatMap((r) => ctx.servers.map((s) => refundOf(s.api, owner, r)));
    answers.push(...(await Promise.all(retries)));
  }
  return answers;
}

/**
 * L9 refunds exactly once (issue 40): partial returns of card orders paid before ECPay's daily close
 * (ECPay's R, and an allowance on the invoice). 20 parallel refund clicks on one return → one
 * DoAction at the card simulator, one refund sent, one allowance; the same return refunded by both
 * servers at once → one; ECPay's card refunds and allowances down (faults `ecpay.refund.down` and
 * `invoice.allowance.down` on both servers, every call refused while armed) during 50 refunds of 50
 * returns, the card side back first and the allowances later, retries clicked twice on both servers
 * → 50 refunds sent, none twice at the simulator, every allowance issued once.
 */
export const refundsOnce: Scenario = {
  name: 'L9 refunds exactly once',
  async run(ctx) {
    const item = await pickItem(ctx.shop, ITEM);
    const outage = ctx.quick ? QUICK_OUTAGE_REFUNDS : OUTAGE_REFUNDS;
    await setStock(ctx.shop, item, 2 * (outage + 10));
    const owner = await ownerToken(ctx.shop);
    const both = (i: number) => ctx.servers[i % 2]!.api;
    const rs = await receivedReturns(ctx.shop, both, owner, item, outage + 2);
    const [clicked, twoServers, ...outaged] = rs as [ReceivedReturn, ReceivedReturn, ...ReceivedReturn[]];

    const clicks = await Promise.all(
      Array.from({ length: CLICKS }, () => refundOf(ctx.servers[0].api, owner, clicked)),
    );
    const one = await tally(ctx, [clicked]);
    ctx.report.add({
      scenario: 'L9 refund clicked 20 times at once (one server)',
      tried: `${CLICKS} parallel POST /admin/returns/{id}/refund of one received partial return`,
      target: 'one DoAction at ECPay, the refund sent, the return closed with one allowance',
      figure: `${statusSummary(clicks)}; ${one.figure(1)}`,
      held:
        clicks.every((a) => a.status === 200) &&
        one.sent === 1 &&
        one.once === 1 &&
        one.closed === 1 &&
        one.allowedOnce === 1,
    });

    const pair = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refundOf(ctx.servers[i % 2]!.api, owner, twoServers)),
    );
    const two = await tally(ctx, [twoServers]);
    ctx.report.add({
      scenario: 'L9 one return refunded by two servers at once',
      tried: '10 parallel refund clicks of one return, half on each server',
      target: 'one DoAction at ECPay, the refund sent, one allowance',
      figure: `${statusSummary(pair)}; ${two.figure(1)}`,
      held:
        pair.every((a) => a.status === 200) &&
        two.sent === 1 &&
        two.once === 1 &&
        two.closed === 1 &&
        two.allowedOnce === 1,
    });

    // ECPay down: every CreditDetail and allowance call refused while the faults are armed (1000 calls).
    await arm(ctx, 'ecpay.refund.down', 1000);
    await arm(ctx, 'invoice.allowance.down', 1000);
    const during = await Promise.all(outaged.map((r, i) => refundOf(both(i), owner, r)));
    const down = await tally(ctx, outaged);
    await arm(ctx, 'ecpay.refund.down', 0);
    // The card side answers again; the allowances not yet.
    const cardBack = await retryUntilClosed(ctx, owner, outaged, 1);
    const half = await tally(ctx, outaged);
    await arm(ctx, 'invoice.allowance.down', 0);
    const after = await retryUntilClosed(ctx, owner, outaged, 3);
    // Clicked again once all is done: nothing more is sent.
    const late = await Promise.all(outaged.map((r, i) => refundOf(both(i), owner, r)));
    const end = await tally(ctx, outaged);
    const answers = [...during, ...cardBack, ...after, ...late];
    ctx.report.add({
      scenario: `L9 ECPay down during ${outage} refunds`,
      tried: `${outage} refunds (both servers) with card refunds and allowances down; card back, retries clicked twice on both servers; allowances back, retries; every return clicked once more`,
      target: `while down nothing sent; then ${outage} refunds sent, 1 DoAction per trade, 1 allowance per invoice`,
      figure: `while down ${down.sent} sent; card back ${half.sent} sent, ${half.closed} with allowance; end: ${end.figure(outage)}; answers ${statusSummary(answers)}`,
      held:
        answers.every((a) => a.status === 200) &&
        down.sent === 0 &&
        down.once === 0 &&
        half.allowedOnce === 0 &&
        end.sent === outage &&
        end.once === outage &&
        end.twice === 0 &&
        end.closed === outage &&
        end.allowedOnce === outage &&
        end.allowedTwice === 0,
    });
  },
};
