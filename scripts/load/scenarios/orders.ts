import { randomUUID } from 'node:crypto';
import { type Answer, call, statusSummary } from '../http.ts';
import { newMembers, phoneOf } from '../shop-db.ts';
import { fillCarts, type Item, orderBody, ordersOf, pickItem, setStock, stockOf, unitsOrdered } from '../shop-stock.ts';
import { type Ctx, layouts, type Scenario, spread } from './context.ts';

const BUYERS = 50;
const ROUNDS = { full: 20, quick: 5 };
/** Which in-stock variant each scenario sells (counted from the last), so that none shares one. */
const ITEMS = { last1: 0, last5: 1, double: 2, fault: 3, crash: 4, checkout: 5 };

interface Buyer {
  id: number;
  token: string;
  phone: string;
}

async function buyers(ctx: Ctx, n: number, label: string): Promise<Buyer[]> {
  const ms = await newMembers(ctx.shop, n, label);
  return Promise.all(ms.map(async (m) => ({ ...m, phone: await phoneOf(ctx.shop, m.id) })));
}

/** POST /api/orders as a member, with an Idempotency-Key. */
export function placeOrder(base: string, buyer: Buyer, key: string): Promise<Answer> {
  return call(base, 'POST', '/orders', {
    token: buyer.token,
    headers: { 'idempotency-key': key },
    body: orderBody(buyer.phone),
  });
}

const clear409 = (a: Answer) =>
  a.status === 409 && a.json?.status === false && typeof a.json?.code === 'string' && a.json?.message;

/**
 * Rounds of `buyers` members ordering the same variant at once with `stock` on the shelf: exactly
 * `stock` orders per round, every other answer a clear 409, ordered + remaining = start.
 */
async function lastItems(ctx: Ctx, stock: number, item: Item, people: Buyer[], both: boolean, label: string) {
  const base = spread(ctx, both);
  const rounds = ROUNDS[ctx.quick ? 'quick' : 'full'];
  const ids = people.map((p) => p.id);
  const startOrdered = await unitsOrdered(ctx.shop, item);
  let exact = 0;
  let unclear = 0;
  let other = '';
  let invariant = true;
  let created = 0;
  for (let r = 0; r < rounds; r++) {
    await setStock(ctx.shop, item, stock);
    const before = await unitsOrdered(ctx.shop, item);
    await fillCarts(ctx.shop, ids, item);
    const answers = await Promise.all(people.map((p, i) => placeOrder(base(i), p, randomUUID())));
    const won = answers.filter((a) => a.status === 201).length;
    created += won;
    if (won === stock) exact++;
    unclear += answers.filter((a) => a.status !== 201 && !clear409(a)).length;
    if (won !== stock || unclear) other ||= statusSummary(answers);
    const left = await stockOf(ctx.shop, item);
    const ordered = (await unitsOrdered(ctx.shop, item)) - before;
    if (ordered + left !== stock || left < 0) invariant = false;
  }
  const totalOrdered = (await unitsOrdered(ctx.shop, item)) - startOrdered;
  ctx.report.add({
    scenario: `L1 last ${stock === 1 ? 'item' : `${stock} items`} (${label})`,
    tried: `stock ${stock}, ${people.length} members order at once, ${rounds} rounds`,
    target: `exactly ${stock} order(s) a round, the rest a clear 409; ordered + remaining = start`,
    figure: `${exact}/${rounds} rounds exact; ${created} orders (${totalOrdered} units) for ${stock * rounds} units; ${unclear} unclear answers; invariant ${invariant ? 'kept' : 'BROKEN'}${other ? `; e.g. ${other}` : ''}`,
    held: exact === rounds && unclear === 0 && invariant && totalOrdered === stock * rounds,
  });
}

/** L1: the last item and the last five, on one server and (PostgreSQL) over two. */
export const lastItem: Scenario = {
  name: 'L1',
  async run(ctx) {
    const people = await buyers(ctx, BUYERS, 'L1');
    const one = await pickItem(ctx.shop, ITEMS.last1);
    const five = await pickItem(ctx.shop, ITEMS.last5);
    for (const { label, both } of layouts(ctx)) {
      await lastItems(ctx, 1, one, people, both, label);
      await lastItems(ctx, 5, five, people, both, label);
    }
  },
};

/** L2: 10 concurrent order requests with one Idempotency-Key → one order, the same answer for every success. */
export const doubleSubmit: Scenario = {
  name: 'L2',
  async run(ctx) {
    const item = await pickItem(ctx.shop, ITEMS.double);
    for (const { label, both } of layouts(ctx)) {
      const base = spread(ctx, both);
      const [buyer] = await buyers(ctx, 1, 'L2');
      await setStock(ctx.shop, item, 10);
      await fillCarts(ctx.shop, [buyer!.id], item);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => placeOrder(base(i), buyer!, key)));
      const replay = await placeOrder(base(0), buyer!, key);
      const orders = await ordersOf(ctx.shop, [buyer!.id]);
      const nos = new Set(
        [...answers, replay].filter((a) => a.status === 201 || a.status === 200).map((a) => a.json?.result?.no),
      );
      const left = await stockOf(ctx.shop, item);
      const others = answers.filter((a) => a.status !== 201 && a.status !== 200);
      ctx.report.add({
        scenario: `L2 double submit (${label})`,
        tried: '10 concurrent orders with one Idempotency-Key, then the same key again',
        target: '1 order, 1 unit of stock; duplicates replay it or get 409',
        figure: `${orders.length} order(s), stock 10 → ${left}; ${statusSummary(answers)}; replay ${replay.status} ${replay.json?.result?.no === orders[0]?.no ? 'same order' : 'other answer'}`,
        held:
          orders.length === 1 &&
          left === 9 &&
          nos.size === 1 &&
          nos.has(orders[0]?.no) &&
          others.every((a) => a.status === 409 && a.json?.status === false),
      });
    }
  },
};

/**
 * F1: the database fails between taking stock and writing the order (`order.after-stock`, armed
 * through POST /api/dev/faults) → 503, stock and orders unchanged; the retry with the same key
 * makes one order, and one more retry replays it.
 */
export const orderFault: Scenario = {
  name: 'F1',
  async run(ctx) {
    const item = await pickItem(ctx.shop, ITEMS.fault);
    const base = ctx.servers[0].api;
    const [buyer] = await buyers(ctx, 1, 'F1');
    await setStock(ctx.shop, item, 3);
    await fillCarts(ctx.shop, [buyer!.id], item);
    const arm = await call(base, 'POST', '/dev/faults', { body: { name: 'order.after-stock', times: 1 } });
    if (arm.status !== 200) throw new Error(`arming order.after-stock: ${arm.status} ${arm.text.slice(0, 100)}`);
    const key = randomUUID();
    const failed = await placeOrder(base, buyer!, key);
    const stockDuring = await stockOf(ctx.shop, item);
    const ordersDuring = (await ordersOf(ctx.shop, [buyer!.id])).length;
    const retry = await placeOrder(base, buyer!, key);
    const again = await placeOrder(base, buyer!, key);
    const orders = await ordersOf(ctx.shop, [buyer!.id]);
    const left = await stockOf(ctx.shop, item);
    ctx.report.add({
      scenario: 'F1 database fails mid-order',
      tried: 'order.after-stock armed once; the order, its retry with the same key, one more retry',
      target: '503, nothing changed; the retry makes 1 order; the next replays it',
      figure: `${failed.status} ${failed.json?.code ?? ''}, stock 3 → ${stockDuring}, ${ordersDuring} orders; retry ${retry.status}, again ${again.status} (${again.json?.result?.no === retry.json?.result?.no ? 'same order' : 'other'}); ${orders.length} order(s), stock ${left}`,
      held:
        failed.status === 503 &&
        failed.json?.status === false &&
        stockDuring === 3 &&
        ordersDuring === 0 &&
        retry.status === 201 &&
        (again.status === 200 || again.status === 201) &&
        again.json?.result?.no === retry.json?.result?.no &&
        orders.length === 1 &&
        left === 2,
    });
  },
};

export { BUYERS, type Buyer, buyers, ITEMS };
