/**
 * Serves the built storefront and the shop API on one port (PORT, HOST).
 * Run `npm run build` first, or use `npm start`, which builds when needed. Refuses a build folder
 * without its marker (builds/latest.json, written last): that build did not finish.
 */
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app.ts';
import { assertServingConfig, createDeps } from '../src/server/deps.ts';
import { readEnv } from '../src/server/env.ts';
import { startSweeper } from '../src/server/services/maintenance.ts';
import { startPaymentSweeper } from '../src/server/services/payment/sweep.ts';
import { createSite } from '../src/server/site.ts';
import { MARKER, markerId } from './lib/releases.ts';

const env = readEnv();
assertServingConfig(env);
const clientDir = resolve(env.DIST_DIR, 'client');
if (!markerId(clientDir)) {
  console.error(
    `${clientDir} is not a complete build (${join(clientDir, MARKER)} is missing): ` +
      'run `npm run build` (or `npm start`, which builds when needed), then serve again.',
  );
  process.exit(1);
}
const deps = await createDeps(env);
const stopSweeper = startSweeper(deps);
// Started once listening: in simulator mode the e-invoice calls go to this very server.
let stopPaymentSweeper = async () => {};
const site = createSite({ api: createApp(deps), clientDir, publicApiBase: env.PUBLIC_API_BASE });
const server = serve({ fetch: site.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  console.log(`Shop ready at http://${host}:${info.port}/ (database: ${deps.db.dialect})`);
  stopPaymentSweeper = startPaymentSweeper(deps);
});

function shutdown() {
  stopSweeper();
  server.close(() => void stopPaymentSweeper().then(() => deps.db.close().then(() => process.exit(0))));
  setTimeout(() => process.exit(0), 3_000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
