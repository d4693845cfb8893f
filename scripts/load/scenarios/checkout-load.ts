import { randomUUID } from 'node:crypto';
import { type Answer, call } from '../http.ts';
import { fmt } from '../report.ts';
import { pickItem, setStock, stockOf, unitsOrdered } from '../shop-stock.ts';
import { type Ctx, type Scenario, spread } from './context.ts';
import { buyers, ITEMS, placeOrder } from './orders.ts';

const SHOPPERS = 20;
const SECONDS = { full: 10, quick: 3 };
/** Less than the run can sell: the shelf empties during the run, so sold-out answers are in the mix. */
const STOCK = 300;

/**
 * L5 checkout: 20 members at once, each in a loop for a fixed time: add the variant to the cart,
 * ask for a quote, place the order with a new key. 0 5xx; ordered + remaining stock = start.
 */
export const checkoutLoad: Scenario = {
  name: 'L5 checkout',
  async run(ctx: Ctx) {
    const item = await pickItem(ctx.shop, ITEMS.checkout);
    const people = await buyers(ctx, SHOPPERS, 'L5 checkout');
    await setStock(ctx.shop, item, STOCK);
    const before = await unitsOrdered(ctx.shop, item);
    const base = spread(ctx, ctx.shop.engine === 'postgres');
    const seconds = SECONDS[ctx.quick ? 'quick' : 'full'];
    const until = performance.now() + seconds * 1000;
    const answers: Answer[] = [];
    let placed = 0;
    let failed = 0;
    const latencies: number[] = [];
    await Promise.all(
      people.map(async (p, w) => {
        const api = base(w);
        while (performance.now() < until) {
          try {
            answers.push(
              await call(api, 'POST', '/cart/items', { token: p.token, body: { sku: item.sku, quantity: 1 } }),
            );
            answers.push(await call(api, 'POST', '/checkout/quote', { token: p.token, body: {} }));
            const o = await placeOrder(api, p, randomUUID());
            answers.push(o);
            latencies.push(o.ms);
            if (o.status === 201) placed++;
          } catch {
            failed++;
          }
        }
      }),
    );
    const left = await stockOf(ctx.shop, item);
    const ordered = (await unitsOrdered(ctx.shop, item)) - before;
    const errors5xx = answers.filter((a) => a.status >= 500).length;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    ctx.report.add({
      scenario: 'L5 cart and checkout',
      tried: `${SHOPPERS} members for ${seconds} s: add, quote, order (stock ${STOCK})`,
      target: '0 5xx; ordered + remaining = start',
      figure: `${fmt(answers.length)} requests, ${errors5xx} × 5xx, ${failed} failed; ${placed} orders (${ordered} units) + stock ${left} = ${ordered + left}; order p99 ${Math.round(p99)} ms`,
      held:
        errors5xx === 0 && failed === 0 && ordered + left === STOCK && left >= 0 && placed === ordered && placed > 0,
    });
  },
};
