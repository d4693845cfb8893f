import { randomUUID } from 'node:crypto';
import { call, statusSummary } from '../http.ts';
import { type ApiServer, startServer } from '../servers.ts';
import { fillCarts, orderBody, pickItem, setStock } from '../shop-stock.ts';
import type { Ctx, Scenario } from './context.ts';
import { buyers } from './orders.ts';

const ORDERS = { full: 200, quick: 50 };
/** Orders in flight at once. */
const AT_ONCE = 10;
/** Which variant this scenario sells (counted from the newest; the others take 0 to 8). */
const ITEM = 9;
/**
 * The longest one POST /api/orders may take while the sender fails beside it: a mail outage must not
 * slow the checkout (the suite's own request limit, REQUEST_TIMEOUT_MS, is 30 s).
 */
const ORDER_BUDGET_MS = 3_000;
/**
 * The sender of the scenario's servers: a pass every 100 ms, retries after 100 ms doubling up to
 * 400 ms (production: 15 s, 30 s, one hour), so the outage is over in seconds.
 */
const SENDER_ENV = { NOTIFY_SEND_INTERVAL_MS: '100', NOTIFY_RETRY_BASE_MS: '100', NOTIFY_RETRY_MAX_MS: '400' };
/** `email.flaky` on each server: every other delivery of its next 1,000 fails (more than the run tries). */
const FLAKY_TIMES = 1_000;
/** How long the outbox may take to drain after the last order, whatever happens. */
const DRAIN_LIMIT_MS = 60_000;
const POLL_MS = 250;
/** How far the notifications pending before this scenario are put off while it runs (restored after). */
const PARKED_MS = 86_400_000;
const PURPOSES = ['order-placed', 'owner-new-order'] as const;
/** The mails (the owner's webhook rows are skipped: no SHOP_NOTIFY_WEBHOOK here). */
const RECIPIENTS = ['shopper', 'owner'] as const;

/** Home delivery, cash on delivery: the order is to be collected, so both mails are written with it. */
function codOrder(phone: string, email: string) {
  const body = orderBody(phone);
  return { ...body, payment: 'cod', receiver: { ...body.receiver, email } };
}

async function arm(base: string, times: number) {
  const a = await call(base, 'POST', '/dev/faults', { body: { name: 'email.flaky', times } });
  if (a.status !== 200) throw new Error(`arming email.flaky: ${a.status} ${a.text.slice(0, 120)}`);
}

/** The scenario's orders' mails still waiting in the outbox. */
async function pending(ctx: Ctx, orderIds: number[]): Promise<number> {
  const r = await ctx.shop.db.kysely
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', 'in', orderIds)
    .where('purpose', 'in', PURPOSES)
    .where('recipient', 'in', RECIPIENTS)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** How many mails of `purpose` to `email` name each order number (subject or text). */
async function mailsPerOrder(ctx: Ctx, email: string, purpose: string, nos: string[]): Promise<Map<string, number>> {
  const rows = await ctx.shop.db.kysely
    .selectFrom('email_outbox')
    .select(['subject', 'text'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .execute();
  const counts = new Map(nos.map((no) => [no, 0]));
  for (const r of rows) {
    for (const no of nos) if (r.subject.includes(no) || r.text.includes(no)) counts.set(no, counts.get(no)! + 1);
  }
  return counts;
}

const tally = (counts: Map<string, number>) => {
  const values = [...counts.values()];
  return {
    once: values.filter((n) => n === 1).length,
    twice: values.filter((n) => n > 1).length,
    none: values.filter((n) => n === 0).length,
  };
};

/**
 * F6: 200 cash-on-delivery orders (both mails written with the order) while the mail server fails
 * every other delivery (`email.flaky` on every server; two servers on PostgreSQL, one on SQLite,
 * the suite's own servers stopped meanwhile so that only senders with the owner's address run).
 * Once the outbox drains: 200 order mails to the shopper and 200 new-order mails to the owner, each
 * order in exactly one of each, every notification sent, and no order slower than its budget.
 */
export const mailOutage: Scenario = {
  name: 'F6',
  async run(ctx) {
    const count = ORDERS[ctx.quick ? 'quick' : 'full'];
    const run = randomUUID().slice(0, 8);
    const shopper = `shopper-${run}@example.tw`;
    const owner = `owner-${run}@example.tw`;
    const item = await pickItem(ctx.shop, ITEM);
    const people = await buyers(ctx, count, 'F6');
    await setStock(ctx.shop, item, count + 10);
    await fillCarts(
      ctx.shop,
      people.map((p) => p.id),
      item,
    );
    const two = ctx.shop.engine === 'postgres';
    const label = two ? 'two servers' : 'one server';
    // Every sender on the database must know the owner's address: the suite's servers pause.
    const ports = ctx.servers.map((s) => s.port);
    await Promise.all(ctx.servers.map((s) => s.stop()));
    const env = { ...ctx.shop.env, ...SENDER_ENV, SHOP_NOTIFY_EMAIL: owner };
    // The earlier scenarios' notifications still pending (a restock alert, a return's mail) wait
    // until this one is done: `email.flaky` fails every other delivery of the sender, so theirs,
    // retried in step with these, could take every failure and leave this scenario's mails none.
    const k = ctx.shop.db.kysely;
    const parked = await k
      .selectFrom('notifications')
      .select(['id', 'next_at'])
      .where('state', '=', 'pending')
      .execute();
    for (const p of parked)
      await k
        .updateTable('notifications')
        .set({ next_at: Date.now() + PARKED_MS })
        .where('id', '=', p.id)
        .execute();
    let servers: ApiServer[] = [];
    try {
      servers = await Promise.all((two ? [0, 1] : [0]).map(() => startServer(env)));
      for (const s of servers) await arm(s.api, FLAKY_TIMES);
      const answers: Awaited<ReturnType<typeof call>>[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          while (next < people.length) {
            const i = next++;
            const p = people[i]!;
            answers[i] = await call(servers[i % servers.length]!.api, 'POST', '/orders', {
              token: p.token,
              headers: { 'idempotency-key': randomUUID() },
              body: codOrder(p.phone, shopper),
            });
          }
        }),
      );
      const lastOrder = performance.now();
      const nos = answers.map((a) => a.json?.result?.no).filter((no): no is string => typeof no === 'string');
      const orders = nos.length
        ? await ctx.shop.db.kysely.selectFrom('orders').select(['id', 'no']).where('no', 'in', nos).execute()
        : [];
      const ids = orders.map((o) => o.id);
      let left = ids.length ? await pending(ctx, ids) : 0;
      while (left > 0 && performance.now() - lastOrder < DRAIN_LIMIT_MS) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        left = await pending(ctx, ids);
      }
      const drainedMs = performance.now() - lastOrder;
      for (const s of servers) await arm(s.api, 0);

      const rows = ids.length
        ? await ctx.shop.db.kysely
            .selectFrom('notifications')
            .select(['state', 'attempts'])
            .where('order_id', 'in', ids)
            .where('purpose', 'in', PURPOSES)
            .where('recipient', 'in', RECIPIENTS)
            .execute()
        : [];
      const sent = rows.filter((r) => r.state === 'sent').length;
      const failedTries = rows.reduce((n, r) => n + Number(r.attempts), 0);
      const tries = failedTries + sent;
      const placed = tally(await mailsPerOrder(ctx, shopper, 'order-placed', nos));
      const ownerMails = tally(await mailsPerOrder(ctx, owner, 'owner-new-order', nos));
      const slowest = Math.max(0, ...answers.map((a) => a.ms));
      const over = answers.filter((a) => a.ms > ORDER_BUDGET_MS).length;
      ctx.report.add({
        scenario: `F6 mail server fails half the time (${label})`,
        tried: `${count} cash-on-delivery orders, ${AT_ONCE} at once, while every other mail delivery fails (email.flaky); the outbox drains`,
        target: `${count} order mails and ${count} owner mails, none twice, every notification sent; no order over ${ORDER_BUDGET_MS} ms`,
        figure:
          `${statusSummary(answers)}; order mails ${placed.once} once, ${placed.twice} twice, ${placed.none} missing; ` +
          `owner mails ${ownerMails.once} once, ${ownerMails.twice} twice, ${ownerMails.none} missing; ` +
          `${sent}/${rows.length} sent, ${failedTries} of ${tries} tries failed; drained ${(drainedMs / 1000).toFixed(1)} s after the last order; ` +
          `slowest order ${Math.round(slowest)} ms (${over} over budget)`,
        held:
          nos.length === count &&
          placed.once === count &&
          ownerMails.once === count &&
          rows.length === 2 * count &&
          sent === 2 * count &&
          failedTries > 0 &&
          left === 0 &&
          over === 0,
      });
    } finally {
      // The suite's servers come back on their ports whatever happened, for the scenarios after this one.
      await Promise.all(servers.map((s) => s.stop()));
      for (const p of parked)
        await k.updateTable('notifications').set({ next_at: p.next_at }).where('id', '=', p.id).execute();
      const restarted = await Promise.all(ports.map((p) => startServer(ctx.shop.env, p)));
      ctx.servers[0] = restarted[0]!;
      ctx.servers[1] = restarted[1]!;
    }
  },
};
