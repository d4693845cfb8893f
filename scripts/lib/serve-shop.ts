/**
 * One serving process: the database, the maintenance sweeper and the notification sender at once,
 * and the payment sweeper once listening (in simulator mode its e-invoice calls go to this very server), and a clean stop on
 * SIGINT/SIGTERM that lets requests under way finish and closes the database. Used by
 * `npm run serve` and the load suite's API server.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { HEADERS_TIMEOUT_MARGIN_MS } from '../../src/config.ts';
import type { Deps } from '../../src/server/context.ts';
import type { ServerEnv } from '../../src/server/env.ts';
import { startNotifier } from '../../src/server/notify/sender.ts';
import { startSweeper } from '../../src/server/ops/maintenance.ts';
import { guardedServerOptions, routeStrayErrors } from '../../src/server/ops/server-errors.ts';
import { startPaymentSweeper } from '../../src/server/payment/sweep.ts';

type ListenEnv = Pick<ServerEnv, 'PORT' | 'HOST' | 'KEEP_ALIVE_SECONDS'>;

/**
 * The HTTP server on PORT and HOST, an idle connection kept KEEP_ALIVE_SECONDS (longer than a load
 * balancer's idle timeout, so it never reuses a connection the server is closing) and a request's
 * headers allowed a little longer still (Node wants headersTimeout above keepAliveTimeout).
 */
export function listenShop(
  env: ListenEnv,
  fetch: (request: Request) => Response | Promise<Response>,
  onListening: (port: number) => void,
): Server {
  const server = serve({ fetch, port: env.PORT, hostname: env.HOST, serverOptions: guardedServerOptions }, (info) =>
    onListening(info.port),
  ) as Server;
  server.keepAliveTimeout = env.KEEP_ALIVE_SECONDS * 1000;
  server.headersTimeout = server.keepAliveTimeout + HEADERS_TIMEOUT_MARGIN_MS;
  return server;
}

export function serveShop(
  deps: Deps,
  env: ListenEnv,
  fetch: (request: Request) => Response | Promise<Response>,
  onListening: (port: number) => void,
): Server {
  routeStrayErrors();
  const stopSweeper = startSweeper(deps);
  const stopNotifier = startNotifier(deps);
  let stopPaymentSweeper = async () => {};
  const server = listenShop(env, fetch, (port) => {
    onListening(port);
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
  return server;
}
