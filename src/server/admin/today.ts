import { ADMIN_TODAY_LIST_MAX, ADMIN_TODAY_LOW_STOCK_MAX } from '../../config.ts';
import type { Deps } from '../context.ts';
import { taipeiDay, taipeiMidnight } from '../notify/owner-mail.ts';
import { salesBetween, searchOrders } from '../orders/order-search.ts';
import { lowInStockVariants, lowStockAt, stockCounts } from './catalog-view.ts';

const DAY_MS = 86_400_000;

type TodayPart = (deps: Deps) => Promise<unknown>;
const parts = new Map<string, TodayPart>();

/**
 * Adds a part to Today from a domain the console does not import (the returns' queues): the domain
 * registers it when the app is composed, and Today answers it under `name`.
 */
export function addTodayPart(name: string, read: TodayPart): void {
  parts.set(name, read);
}

/**
 * The console's Today: orders and sales today and yesterday (Taiwan days), what waits, what needs a
 * person, the lowest variants still in stock (the catalog's low-stock filter has them all) and how
 * many are sold out, and the parts other domains add (the returns waiting per queue).
 */
export async function today(deps: Deps) {
  const k = deps.db.kysely;
  const day = taipeiDay(deps.clock.now());
  const from = taipeiMidnight(day);
  const yesterday = taipeiDay(from - DAY_MS);
  const page = { page: 1, limit: ADMIN_TODAY_LIST_MAX };
  const toShip = await searchOrders(deps, { view: 'to-ship', ...page });
  const needs = await searchOrders(deps, { view: 'needs-action', ...page });
  const counts = await stockCounts(deps);
  return {
    today: { day, ...(await salesBetween(k, from, from + DAY_MS)) },
    yesterday: { day: yesterday, ...(await salesBetween(k, from - DAY_MS, from)) },
    to_ship: toShip.data,
    to_ship_total: toShip.total,
    needs_action: needs.data,
    needs_action_total: needs.total,
    low_stock: (await lowInStockVariants(deps, ADMIN_TODAY_LOW_STOCK_MAX)).map((v) => ({
      ...v,
      stock: Number(v.stock),
    })),
    low_stock_total: counts.low,
    sold_out_total: counts.soldOut,
    low_stock_at: lowStockAt(deps),
    ...Object.fromEntries(await Promise.all([...parts].map(async ([name, read]) => [name, await read(deps)]))),
  };
}
