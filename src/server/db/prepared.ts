import type pg from 'pg';

/**
 * Hot queries as named prepared statements on PostgreSQL. Kysely sends every query unnamed, so the
 * server parses and plans it on every run; for the product list, planning costs twice what running
 * it does. A named statement is parsed once per connection, and after a few runs PostgreSQL keeps
 * a generic plan for it. Only texts registered here are named (the compiled-once queries: a small
 * fixed set), so ad hoc statements never pile up on the server.
 */
const names = new Map<string, string>();
/** Named statements per connection, at most (each holds a parsed query and its plan on the server). */
const MAX_NAMED = 2_000;

/** Runs `text` as a named prepared statement from now on (PostgreSQL only; a no-op elsewhere). */
export function prepareOnPostgres(text: string): void {
  if (!names.has(text) && names.size < MAX_NAMED) names.set(text, `shop_q${names.size + 1}`);
}

type Query = (...args: unknown[]) => unknown;

/** Makes every client of `pool` send registered texts by name. */
export function nameRegisteredQueries(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args) => {
      const [text, values] = args;
      const name = typeof text === 'string' && args.length === 2 ? names.get(text) : undefined;
      return name ? query({ name, text, values }) : query(...args);
    };
  });
}
