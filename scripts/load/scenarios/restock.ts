import { RESTOCK_CONFIRM_MAILS_PER_HOUR } from '../../../src/config.ts';
import { call, freshIp, statusSummary } from '../http.ts';
import { pickItem, setStock } from '../shop-stock.ts';
import { type Ctx, layouts, type Scenario, spread } from './context.ts';

const ASKS = 50;
/** The variant this scenario waits for (counted from the last; the order scenarios take 0 to 7). */
const ITEM = 14;

/** The form POST a browser sends from the unsubscribe page. */
const unsubscribe = (base: string, token: string) =>
  call(base, 'POST', '/restock-alerts/unsubscribe', {
    raw: `token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/**
 * L8 (issue 38): 50 guest restock subscriptions of one address at once (its case varied, each from
 * its own IP, over both servers on PostgreSQL), while that address already waits with a confirmed
 * alert: every answer is a new pending alert (201, one shape) with a token of its own, none cancels
 * the waiting alert, at the unsubscribe link or by DELETE; the address gets at most
 * RESTOCK_CONFIRM_MAILS_PER_HOUR confirmation links.
 */
export const restockBurst: Scenario = {
  name: 'L8 restock asks',
  async run(ctx: Ctx) {
    const k = ctx.shop.db.kysely;
    const item = await pickItem(ctx.shop, ITEM);
    await setStock(ctx.shop, item, 0);
    for (const { label, both } of layouts(ctx)) {
      const base = spread(ctx, both);
      const email = `l7-${label.replace(/\W/g, '')}-${Date.now()}@example.tw`;
      const held = await k
        .insertInto('restock_alerts')
        .values({ variant_id: item.variantId, email, locale: 'zh-TW', state: 'waiting', created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const answers = await Promise.all(
        Array.from({ length: ASKS }, (_, i) =>
          call(base(i), 'POST', '/restock-alerts', {
            body: { sku: item.sku, email: i % 2 ? email.toUpperCase() : email },
            ip: freshIp(),
          }),
        ),
      );
      const results = answers.map((a) => a.json?.result ?? {});
      const shape = JSON.stringify(Object.keys(results[0] ?? {}).sort());
      const alike = answers.every(
        (a, i) =>
          a.status === 201 &&
          results[i].state === 'pending' &&
          JSON.stringify(Object.keys(results[i]).sort()) === shape,
      );
      const ids = new Set(results.map((r) => r.id));
      const tokens = new Set(results.map((r) => r.token).filter((t) => typeof t === 'string'));
      const own = ids.size === ASKS && !ids.has(held.id) && tokens.size === ASKS;
      const tries = await Promise.all(
        results.flatMap((r, i) => [
          call(base(i), 'DELETE', `/restock-alerts/${held.id}?token=${encodeURIComponent(String(r.token))}`),
          unsubscribe(base(i), String(r.token)),
        ]),
      );
      const reached = tries.filter((t) => t.status !== 404).length;
      const still = await k.selectFrom('restock_alerts').select('state').where('id', '=', held.id).executeTakeFirst();
      const links = await k
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('purpose', '=', 'restock-confirm')
        .where(
          'subject',
          'in',
          [...ids].map((id) => `alert:${id}`),
        )
        .executeTakeFirstOrThrow();
      ctx.report.add({
        scenario: `L8 restock asks of one address (${label})`,
        tried: `${ASKS} concurrent guest subscriptions of one waiting address (case varied), then each token against its alert`,
        target: `${ASKS} × 201 pending, each its own alert and token; no token reaches the waiting alert; ≤ ${RESTOCK_CONFIRM_MAILS_PER_HOUR} confirmation links`,
        figure: `${statusSummary(answers)}; ${ids.size} alerts, ${tokens.size} tokens; ${reached} of ${tries.length} tries on the waiting alert not refused; it is ${still?.state}; ${Number(links.n)} links`,
        held:
          alike &&
          own &&
          reached === 0 &&
          still?.state === 'waiting' &&
          Number(links.n) <= RESTOCK_CONFIRM_MAILS_PER_HOUR,
      });
    }
  },
};
