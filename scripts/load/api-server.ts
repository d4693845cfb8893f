/**
 * The shop API alone (no storefront files) for the load and fault suite: the same app, database
 * and sweepers as `npm run serve`, on PORT and HOST, configured by the environment. Prints
 * `listening <port>` once it accepts connections, and its memory on SIGUSR2. Run by scripts/load/servers.ts.
 */
import { serve } from '@hono/node-server';
import { createApp } from '../../src/server/app.ts';
import { assertServingConfig, createDeps } from '../../src/server/deps.ts';
import { readEnv } from '../../src/server/env.ts';
import { startSweeper } from '../../src/server/services/maintenance.ts';
import { startPaymentSweeper } from '../../src/server/services/payment/sweep.ts';

const env = readEnv();
assertServingConfig(env);
const deps = await createDeps(env);
const stopSweeper = startSweeper(deps);
// As in `npm run serve`: started once listening (the e-invoice simulator is this very server).
let stopPaymentSweeper = async () => {};
const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`listening ${info.port}`);
  stopPaymentSweeper = startPaymentSweeper(deps);
});

function shutdown() {
  stopSweeper();
  server.close(() => void stopPaymentSweeper().then(() => deps.db.close().then(() => process.exit(0))));
  setTimeout(() => process.exit(0), 3_000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
// The soak asks for the memory after a full collection (the process runs with --expose-gc there).
process.on('SIGUSR2', () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const m = process.memoryUsage();
  console.log(`memory rss=${m.rss} heap=${m.heapUsed} collected=${collect ? 1 : 0}`);
});
// The harness reads these lines: a rejection nobody awaited is a broken promise of the suite.
process.on('unhandledRejection', (reason) => {
  console.error('unhandledRejection:', reason);
});
