/**
 * The process's Prometheus metrics (issue 30), served by GET /api/metrics: request durations by
 * route pattern, order and payment-notice counters, gauges read when scraped, and prom-client's
 * process defaults. One registry per process; counters count this process's events since it started.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Deps } from '../context.ts';
import { pendingNotifications, servedBuild } from './probes.ts';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const ORDER_EVENTS = ['placed', 'paid', 'cancelled', 'released', 'completed'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];
export const NOTICE_RESULTS = ['applied', 'repeated', 'refused'] as const;
export type NoticeResult = (typeof NOTICE_RESULTS)[number];
export const REFUND_METHODS = ['card', 'transfer'] as const;
export const REFUND_RESULTS = ['sent', 'failed'] as const;

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an API request, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** The orders' payment methods, the `method` label of shop_orders_total (the order's payment_method). */
export const ORDER_METHODS = ['credit', 'apple_pay', 'twqr', 'atm', 'cvs_code', 'cod', 'pickup_pay'] as const;

const orders = new Counter({
  name: 'shop_orders_total',
  help: 'Orders placed, paid, cancelled (by the shopper, the owner or the carrier), released (unpaid past the deadline) and completed, by payment method.',
  labelNames: ['event', 'method'] as const,
  registers: [registry],
});
for (const event of ORDER_EVENTS) for (const method of ORDER_METHODS) orders.inc({ event, method }, 0);

const notices = new Counter({
  name: 'shop_payment_notices_total',
  help: "ECPay's payment notices: applied, repeated (already applied) or refused (bad signature, amount or trade).",
  labelNames: ['result'] as const,
  registers: [registry],
});
for (const result of NOTICE_RESULTS) notices.inc({ result }, 0);

const outboxPending = new Gauge({
  name: 'shop_outbox_pending',
  help: 'Notifications waiting in the outbox to be sent.',
  registers: [registry],
});
const refunds = new Counter({
  name: 'shop_refunds_total',
  help: 'Refunds sent (a card through ECPay, a transfer marked done) and card refunds failed (each failed try), by method.',
  labelNames: ['method', 'result'] as const,
  registers: [registry],
});
for (const method of REFUND_METHODS) for (const result of REFUND_RESULTS) refunds.inc({ method, result }, 0);

/**
 * What waits for the owner's hand, one series per reason: `flagged` (orders flagged for a refund or
 * with an invoice action needed, the owner's --needs-action list) and the reasons other domains add
 * (the returns: each return waiting to be approved, inspected or refunded, or whose refund failed,
 * and each cancelled order's refund not yet sent). A label rather than one sum, so that an alert on
 * `sum(shop_orders_needing_action) > 0` keeps working while a dashboard shows which queue waits.
 */
const needingAction = new Gauge({
  name: 'shop_orders_needing_action',
  help: 'What waits for the owner: orders flagged for a refund or an invoice action (reason="flagged"), returns waiting to be approved, inspected or refunded, refunds failed and cancelled orders\' refunds to send.',
  labelNames: ['reason'] as const,
  registers: [registry],
});

type NeedingActionPart = (deps: Deps) => Promise<Record<string, number>>;
const needingActionParts = new Map<string, NeedingActionPart>();

/**
 * Adds series to shop_orders_needing_action from a domain ops does not import (the returns): read
 * when scraped, each key a `reason` label. Registered once per `name` when the app is composed.
 */
export function addNeedingAction(name: string, read: NeedingActionPart): void {
  needingActionParts.set(name, read);
}
const sweeperLastRun = new Gauge({
  name: 'shop_sweeper_last_run_seconds',
  help: 'Unix time (s) of the last complete pass of the payment sweeper in this process; 0 before the first.',
  registers: [registry],
});
const buildAge = new Gauge({
  name: 'shop_build_age_seconds',
  help: 'Age (s) of the live build served by this process (its builds/latest.json timestamp), by build id; absent when it serves no pages.',
  labelNames: ['build'] as const,
  registers: [registry],
});

/** Counts an order event under the order's payment method (its `payment_method`). */
export const countOrder = (event: OrderEvent, method: string, n = 1): void => {
  if (n > 0) orders.inc({ event, method }, n);
};
export const countNotice = (result: NoticeResult): void => notices.inc({ result });
export const countRefund = (method: (typeof REFUND_METHODS)[number], result: (typeof REFUND_RESULTS)[number]): void =>
  refunds.inc({ method, result });
export const noteSweeperRun = (nowMs: number): void => sweeperLastRun.set(Math.floor(nowMs / 1000));

/** What other domains count as waiting for the owner (the returns' queues), each by its `reason`. */
export async function waitingBeyondOrders(deps: Deps): Promise<Record<string, number>> {
  const parts = await Promise.all([...needingActionParts.values()].map((read) => read(deps)));
  return Object.assign({}, ...parts);
}

/** Reads the gauges that come from the database or the build, then renders every metric. */
export async function renderMetrics(deps: Deps): Promise<string> {
  const [pending, flagged, ...parts] = await Promise.all([
    pendingNotifications(deps),
    deps.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('invoice_action_needed', 'is not', null), eb('needs_refund', '<>', 0)]))
      .executeTakeFirst(),
    ...[...needingActionParts.values()].map((read) => read(deps)),
  ]);
  outboxPending.set(pending);
  needingAction.reset();
  needingAction.set({ reason: 'flagged' }, Number(flagged?.n ?? 0));
  for (const part of parts) for (const [reason, n] of Object.entries(part)) needingAction.set({ reason }, n);
  const build = servedBuild();
  buildAge.reset();
  if (build) buildAge.set({ build: build.id }, Math.max(0, (Date.now() - build.timestamp) / 1000));
  return registry.metrics();
}
