import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { IDEMPOTENCY_ABANDONED_MS } from '../../../src/server/orders/idempotency.ts';
import { type Answer, call, statusSummary } from '../http.ts';
import { startServer } from '../servers.ts';
import { fillCarts, ordersOf, pickItem, setStock, stockOf, unitsOrdered } from '../shop-stock.ts';
import type { Scenario } from './context.ts';
import { buyers, ITEMS, placeOrder } from './orders.ts';

const BURST = 40;
const STOCK = 1_000;
/**
 * The kill comes with the first placed order (orders are then in every stage: answered, committed
 * but unanswered, half-way, not started), or after this long at the latest.
 */
const KILL_BY_MS = 5_000;

/**
 * F4: SIGKILL of a server during a burst of orders, then a restart on the same database: every
 * order is whole (its line and timeline there) with its stock taken, or absent; the stock adds up;
 * the SQLite file passes PRAGMA integrity_check; the retries with the same keys are answered.
 */
export const crash: Scenario = {
  name: 'F4',
  async run(ctx) {
    const item = await pickItem(ctx.shop, ITEMS.crash);
    const people = await buyers(ctx, BURST, 'F4');
    const ids = people.map((p) => p.id);
    await setStock(ctx.shop, item, STOCK);
    await fillCarts(ctx.shop, ids, item);
    const before = await unitsOrdered(ctx.shop, item);
    const server = await startServer(ctx.shop.env);
    const keys = people.map(() => randomUUID());
    let firstPlaced: () => void = () => {};
    const placedOne = new Promise<void>((resolve) => {
      firstPlaced = resolve;
    });
    const burst = Promise.allSettled(
      people.map((p, i) =>
        placeOrder(server.api, p, keys[i]!).then((a) => {
          if (a.status === 201) firstPlaced();
          return a;
        }),
      ),
    );
    const latest = setTimeout(firstPlaced, KILL_BY_MS);
    await placedOne;
    clearTimeout(latest);
    await server.kill();
    const settled = await burst;
    const answered = settled.filter((s) => s.status === 'fulfilled' && s.value.status === 201).length;
    const cut = settled.filter((s) => s.status === 'rejected').length;

    const restarted = await startServer(ctx.shop.env, server.port);
    try {
      const orders = await ordersOf(ctx.shop, ids);
      const whole = orders.filter((o) => Number(o.lines) === 1 && Number(o.events) >= 1).length;
      const left = await stockOf(ctx.shop, item);
      const ordered = (await unitsOrdered(ctx.shop, item)) - before;
      let integrity = 'n/a (PostgreSQL)';
      if (ctx.shop.engine === 'sqlite') {
        const r = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(ctx.shop.db.kysely);
        integrity = r.rows.map((x) => x.integrity_check).join(' ');
      }
      // The shopper's retry after the outage, with the same key: a key the killed server had claimed
      // answers 409 ORDER_IN_PROGRESS until the claim counts as abandoned (IDEMPOTENCY_ABANDONED_MS,
      // proven with a clock by the API tests); every other key places or replays its one order.
      const retries = await Promise.all(people.map((p, i) => placeOrder(restarted.api, p, keys[i]!)));
      const placed = (a: Answer) => a.status === 201 || a.status === 200;
      const retried = retries.filter(placed).length;
      const busy = retries.filter((a) => a.status === 409 && a.json?.code === 'ORDER_IN_PROGRESS').length;
      const finalOrders = await ordersOf(ctx.shop, ids);
      const perMember = new Set(finalOrders.map((o) => o.member_id));
      const health = await call(restarted.api, 'GET', '/health');
      ctx.report.add({
        scenario: 'F4 server killed mid-order',
        tried: `${BURST} orders at once, SIGKILL at the first placed order, restart, retry each key`,
        target:
          'each order whole with its stock taken, or absent; stock adds up; integrity ok; each retry places or replays one order, or 409 while the dead claim lasts',
        figure: `${answered} answered 201, ${cut} cut off; ${orders.length} orders in the database, ${whole} whole; ordered ${ordered} + stock ${left} = ${ordered + left} (start ${STOCK}); integrity ${integrity}; retries: ${statusSummary(retries)} (${busy} keys still claimed by the killed server, free after ${IDEMPOTENCY_ABANDONED_MS / 60_000} min) → ${finalOrders.length} orders for ${perMember.size} members; health ${health.status}`,
        held:
          whole === orders.length &&
          answered <= orders.length &&
          ordered + left === STOCK &&
          ordered === orders.length &&
          (ctx.shop.engine !== 'sqlite' || integrity === 'ok') &&
          retried + busy === BURST &&
          finalOrders.length === retried &&
          perMember.size === finalOrders.length &&
          health.status === 200,
      });
    } finally {
      await restarted.stop();
    }
  },
};
