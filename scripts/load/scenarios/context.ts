import type { Report } from '../report.ts';
import type { ApiServer } from '../servers.ts';
import type { ShopDb } from '../shop-db.ts';

/** What every scenario gets: the database, two running API servers on it, the mode and the report. */
export interface Ctx {
  shop: ShopDb;
  /** Two API processes on the same database; scenarios that spread load use both. */
  servers: [ApiServer, ApiServer];
  quick: boolean;
  report: Report;
}

export interface Scenario {
  name: string;
  run(ctx: Ctx): Promise<void>;
}

/** Picks the server for request `i`: one server, or both in turn. */
export const spread = (ctx: Ctx, both: boolean) => (i: number) => (both ? ctx.servers[i % 2]! : ctx.servers[0]).api;

/** `both` on PostgreSQL (the setup for many instances), `one` on SQLite (one machine). */
export const layouts = (ctx: Ctx): { label: string; both: boolean }[] =>
  ctx.shop.engine === 'postgres'
    ? [
        { label: 'one server', both: false },
        { label: 'two servers', both: true },
      ]
    : [{ label: 'one server', both: false }];
