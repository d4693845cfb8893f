/**
 * `npm run test:load`: the load and fault suite (security.md L1–L5, F1–F4). For each database it
 * makes a throwaway one (SQLite file, or a new database on DATABASE_URL's PostgreSQL server), starts
 * two API server processes on it on free loopback ports, runs the scenarios, prints one table and
 * exits 1 when any promise broke. Builds nothing.
 *
 *   --db sqlite|postgres   one database (default: sqlite, and postgres too when DATABASE_URL is set)
 *   --only <name>          scenarios whose name starts with it (L1, L5, F2, fuzz...); repeatable
 *   --quick                shorter loads, fewer rounds
 */
import { parseArgs } from 'node:util';
import { Report } from './report.ts';
import type { Ctx, Scenario } from './scenarios/context.ts';
import { SCENARIOS } from './scenarios/index.ts';
import { startServer } from './servers.ts';
import { type Engine, openShopDb } from './shop-db.ts';

/** The whole run may not take longer than this, whatever happens. */
const RUN_LIMIT_MS = 9 * 60_000;

const { values } = parseArgs({
  options: {
    db: { type: 'string', multiple: true },
    only: { type: 'string', multiple: true },
    quick: { type: 'boolean', default: false },
  },
});

const engines: Engine[] = values.db?.length
  ? values.db.map((d) => {
      if (d !== 'sqlite' && d !== 'postgres') throw new Error(`--db ${d}: use sqlite or postgres`);
      return d;
    })
  : process.env.DATABASE_URL
    ? ['sqlite', 'postgres']
    : ['sqlite'];
const only = values.only ?? [];
const chosen: Scenario[] = SCENARIOS.filter(
  (s) => !only.length || only.some((o) => s.name.toLowerCase().startsWith(o.toLowerCase())),
);
if (!chosen.length) {
  console.error(`No scenario matches --only ${only.join(', ')}. Names: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

const deadline = setTimeout(() => {
  console.error(`The suite passed its limit of ${RUN_LIMIT_MS / 60_000} minutes: stopping.`);
  process.exit(1);
}, RUN_LIMIT_MS);
deadline.unref();

const report = new Report();
const started = performance.now();
for (const engine of engines) {
  console.log(`\n== ${engine}${values.quick ? ' (quick)' : ''} ==`);
  report.engine = engine;
  const shop = await openShopDb(engine);
  const servers = await Promise.all([startServer(shop.env), startServer(shop.env)]);
  const ctx: Ctx = { shop, servers: [servers[0]!, servers[1]!], quick: values.quick ?? false, report };
  try {
    for (const s of chosen) {
      const t = performance.now();
      try {
        await s.run(ctx);
      } catch (err) {
        report.failed(s.name, 'the scenario', err);
      }
      console.log(`  ${s.name} took ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    for (const [i, srv] of ctx.servers.entries()) {
      if (!srv.alive()) report.failed(`server ${i + 1}`, 'kept running through the suite', new Error('it exited'));
    }
  } finally {
    await Promise.all(ctx.servers.map((s) => s.stop()));
    await shop.close();
  }
}
console.log(`\n${report.table()}\n`);
const seconds = (performance.now() - started) / 1000;
console.log(
  `${report.rows.length} checks on ${engines.join(' and ')} in ${seconds.toFixed(0)} s: ` +
    (report.broken ? `${report.broken} BROKEN` : 'every promise held'),
);
process.exit(report.broken ? 1 : 0);
