/**
 * One serving process: the database, the maintenance sweeper and the notification sender at once,
 * and the payment sweeper once listening (in simulator mode its e-invoice calls go to this very server), and a clean stop on
 * SIGINT/SIGTERM that lets requests under way finish and closes the database. Used by
 * `npm run serve` and the load suite's API server.
 */
import { serve } from '@hono/node-server';
import type { Deps } from '../../src/server/context.ts';
import type { ServerEnv } from '../../src/server/env.ts';
import { startNotifier } from '../../src/server/notify/sender.ts';
import { startSweeper } from '../../src/server/ops/maintenance.ts';
import { guardedServerOptions, routeStrayErrors } from '../../src/server/ops/server-errors.ts';
import { startPaymentSweeper } from '../../src/server/payment/sweep.ts';

export function serveShop(
  deps: Deps,
  env: Pick<ServerEnv, 'PORT' | 'HOST'>,
  fetch: (request: Request) => Response | Promise<Response>,
  onListening: (port: number) => void,
): void {
  routeStrayErrors();
  const stopSweeper = startSweeper(deps);
  const stopNotifier = startNotifier(deps);
  let stopPaymentSweeper = async () => {};
  const server = serve({ fetch, port: env.PORT, hostname: env.HOST, serverOptions: guardedServerOptions }, (info) => {
    onListening(info.port);
    stopPaymentSweeper = startPaymentSweeper(deps);
  });
  function shutdown() {
    stopSweeper();
    server.close(
      () =>
        void Promise.all([stopPaymentSweeper(), stopNotifier()]).then(() =>
          deps.db.close().then(() => process.exit(0)),
        ),
    );
    setTimeout(() => process.exit(0), 3_000).unref();
  }
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
