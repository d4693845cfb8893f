import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { ADMIN_IMPORT_MAX_BYTES } from '../config.ts';
import { lineAuth } from './accounts/line/line.routes.ts';
import { users } from './accounts/users.routes.ts';
import { ADMIN_IMPORT_PATH, admin } from './admin/admin.routes.ts';
import { cart } from './cart/cart.routes.ts';
import { articles } from './catalog/articles.routes.ts';
import { brands } from './catalog/brands.routes.ts';
import { catalog } from './catalog/catalog.routes.ts';
import { categories } from './catalog/categories.routes.ts';
import { feedItemsRoute } from './catalog/feeds.routes.ts';
import { products } from './catalog/products.routes.ts';
import { regions } from './catalog/regions.routes.ts';
import { siteMetas } from './catalog/site-metas.routes.ts';
import { sysVars } from './catalog/sys-vars.routes.ts';
import { checkout } from './checkout/checkout.routes.ts';
import { forwardedClient } from './common/client-address.ts';
import { failBody, toErrorResponse } from './common/envelope.ts';
import { ApiError } from './common/errors.ts';
import { localeFrom } from './common/i18n.ts';
import { setMediaPublicBase } from './common/media-url.ts';
import { contact } from './contact/contact.routes.ts';
import type { AppEnv, Deps } from './context.ts';
import { dev } from './ops/dev.routes.ts';
import { faults } from './ops/faults.routes.ts';
import { health } from './ops/health.routes.ts';
import { metrics } from './ops/metrics.routes.ts';
import { requestIdOf, requestLog } from './ops/request-log.ts';
import { orders } from './orders/orders.routes.ts';
import { orderPayment, payments } from './payment/payments.routes.ts';
import { cashierSimulator } from './providers/ecpay/simulator/cashier.ts';
import { invoiceSimulator } from './providers/invoice/simulator.ts';
import { lineSimulator } from './providers/line/simulator.ts';
import { logisticsSimulator } from './providers/logistics/simulator.ts';
import { restockAlerts } from './restock/restock.routes.ts';
import { allowanceNotices } from './returns/allowance-notice.routes.ts';
import { returnParcelNotices } from './returns/return-parcel.routes.ts';
import { orderReturns } from './returns/returns.routes.ts';
import { adminRefunds, adminReturns } from './returns/returns-admin.routes.ts';
import { subscribeReturns } from './returns/returns-hooks.ts';
import { orderReviews } from './reviews/order-reviews.routes.ts';
import { reviewMails } from './reviews/review-mail.routes.ts';
import { productReviews } from './reviews/reviews.routes.ts';
import { adminReviews } from './reviews/reviews-admin.routes.ts';
import { subscribeReviews } from './reviews/reviews-hooks.ts';
import { shipments } from './shipping/shipping.routes.ts';
import { wishlist } from './wishlist/wishlist.routes.ts';

/** Largest request body the API reads (security.md, Requests). */
export const MAX_BODY_BYTES = 100 * 1024;

/** The Node request behind a request, if one came over a socket (@hono/node-server's bindings). */
type Bindings = { incoming?: { socket?: unknown }; server?: { incoming?: { socket?: unknown } } } | undefined;

function clientIp(c: Parameters<typeof getConnInfo>[0], proxyHops: number): string {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), proxyHops);
  if (forwarded) return forwarded;
  const env = c.env as Bindings;
  // No socket: app.request() in tests, and the build's requests in process (thousands per build,
  // where asking for the socket threw and made an error with its stack each time).
  if (!(env?.server ?? env)?.incoming?.socket) return c.req.header('x-test-ip') ?? '127.0.0.1';
  return getConnInfo(c).remote.address ?? 'unknown';
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The shop API. Mounted at `/api`; tests call `createApp(deps).request(...)` without a port. */
export function createApp(deps: Deps) {
  // The returns domain hooks into orders (a paid order cancelled) and the console's Today.
  subscribeReturns();
  // The reviews domain queues its review requests through the outbox's sender, and adds its stars and
  // reviews to the catalogue's products, page versions and fingerprint.
  subscribeReviews();
  // Photos' addresses in every answer (pages, feeds, cart, orders): MEDIA_PUBLIC_BASE when set.
  setMediaPublicBase(deps.env.MEDIA_PUBLIC_BASE);
  const app = new Hono<AppEnv>();
  const origins = deps.env.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('locale', localeFrom(c.req.header('accept-language')));
    c.set('ip', clientIp(c, deps.env.TRUST_PROXY));
    c.set('requestId', requestIdOf(c.req.header('x-request-id')));
    c.header('X-Request-Id', c.get('requestId'));
    // Defaults set before the handler runs (handlers may override Cache-Control): touching the
    // response after `next()` would force the node adapter to copy every response.
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Vary', 'Accept-Language, Authorization');
    c.header('Cache-Control', c.req.header('authorization') || c.req.method !== 'GET' ? 'no-store' : 'no-cache');
    await next();
  });
  app.use('*', requestLog);
  // A path whose % escapes do not decode (`%ZZ`, a cut UTF-8 sequence) is refused before any route
  // reads a parameter of it.
  app.use('*', async (c, next) => {
    if (c.req.url.includes('%') && !decodes(new URL(c.req.url).pathname)) throw new ApiError('MALFORMED_PATH');
    await next();
  });
  if (origins.length) {
    app.use(
      '*',
      cors({
        origin: origins,
        allowHeaders: [
          'Authorization',
          'Content-Type',
          'Accept-Language',
          'Idempotency-Key',
          'X-Cart-Token',
          'X-Phone-Proof',
          'X-Order-Key',
          'X-Request-Id',
        ],
        exposeHeaders: ['X-Request-Id'],
        maxAge: 600,
      }),
    );
  }
  const tooLarge = (c: Context<AppEnv>) => c.json(failBody('PAYLOAD_TOO_LARGE', c.get('locale')), 413);
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  // The console's catalog upload is a CSV file, not a JSON request: it has its own, larger limit.
  const limitImport = bodyLimit({ maxSize: ADMIN_IMPORT_MAX_BYTES, onError: tooLarge });
  // Only a body of unknown length goes through bodyLimit, which reads it as a stream: asking for the
  // stream makes the node adapter build a full Request, and the handler then reads the body through
  // web streams instead of straight from the socket. A declared length decides as bodyLimit would.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (c.req.path === ADMIN_IMPORT_PATH) return limitImport(c, next);
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return limitBody(c, next);
    return Number.parseInt(length, 10) > MAX_BODY_BYTES ? tooLarge(c) : next();
  });

  const api = app.basePath('/api');
  api.route('/users', users);
  api.route('/auth/line', lineAuth);
  api.route('/product-brands', brands);
  api.route('/product-categories', categories);
  api.route('/site-metas', siteMetas);
  api.route('/sys-vars', sysVars);
  api.route('/products/:slug/reviews', productReviews);
  api.route('/products', products);
  api.route('/articles', articles);
  api.route('/regions', regions);
  api.route('/contact', contact);
  api.route('/cart', cart);
  api.route('/checkout', checkout);
  api.route('/orders/:no/returns', orderReturns);
  api.route('/orders/:no/reviews', orderReviews);
  api.route('/orders', orders);
  api.route('/orders', orderPayment);
  api.route('/payments', payments);
  api.route('/shipments', shipments);
  api.route('/returns', returnParcelNotices);
  api.route('/returns', allowanceNotices);
  api.route('/restock-alerts', restockAlerts);
  api.route('/review-mails', reviewMails);
  api.route('/wishlist', wishlist);
  api.route('/health', health);
  api.route('/metrics', metrics);
  api.route('/catalog/feed-items', feedItemsRoute);
  api.route('/catalog', catalog);
  // Before /admin: the returns' console routes carry their own gate (admin's would run it twice).
  api.route('/admin/returns', adminReturns);
  api.route('/admin/refunds', adminRefunds);
  api.route('/admin/reviews', adminReviews);
  api.route('/admin', admin);
  // Before /dev: fault arming has its own production rule (ALLOW_FAULTS=1).
  api.route('/dev/faults', faults);
  api.route('/dev', dev);
  api.route('/sim/logistics', logisticsSimulator);
  api.route('/sim/ecpay', cashierSimulator);
  api.route('/sim/ecpay/invoice', invoiceSimulator);
  api.route('/sim/line', lineSimulator);

  app.notFound((c) => toErrorResponse(c, new ApiError('ROUTE_NOT_FOUND')));
  app.onError((err, c) => toErrorResponse(c, err));
  return app;
}

export type App = ReturnType<typeof createApp>;
