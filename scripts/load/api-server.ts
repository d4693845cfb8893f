/**
 * The shop API alone (no storefront files) for the load and fault suite: the same app, database
 * and sweepers as `npm run serve`, on PORT and HOST, configured by the environment. Prints
 * `listening <port>` once it accepts connections, and its memory on SIGUSR2. Run by scripts/load/servers.ts.
 */
import { createApp } from '../../src/server/app.ts';
import { assertServingConfig, createDeps } from '../../src/server/deps.ts';
import { readEnv } from '../../src/server/env.ts';
import { serveShop } from '../lib/serve-shop.ts';

const env = readEnv();
assertServingConfig(env);
const deps = await createDeps(env);
serveShop(deps, env, createApp(deps).fetch, (port) => console.log(`listening ${port}`));
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
