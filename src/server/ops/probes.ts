/**
 * What a process registers at start for readiness and metrics, beyond its database: the build it
 * serves (only a process that serves pages registers one) and the count of the notification outbox
 * (registered by the outbox, when there is one). The defaults: no pages, nothing pending.
 */
import type { Deps } from '../context.ts';

/** The live build: its id and when it was sealed (ms), or null when no complete build is served. */
export type BuildProbe = () => { id: string; timestamp: number } | null;
/** How many notifications wait to be sent. */
export type OutboxPendingProvider = (deps: Deps) => Promise<number> | number;

let buildProbe: BuildProbe | null = null;
let outboxPending: OutboxPendingProvider = () => 0;

/** A process that serves the storefront's pages says how to find its live build. */
export function registerBuildProbe(probe: BuildProbe | null): void {
  buildProbe = probe;
}

/** `undefined`: this process serves no pages (API only); `null`: it should, but has no complete build. */
export function servedBuild(): { id: string; timestamp: number } | null | undefined {
  return buildProbe ? buildProbe() : undefined;
}

/** The notification outbox plugs its pending count in here (shop_outbox_pending). */
export function registerOutboxPending(provider: OutboxPendingProvider): void {
  outboxPending = provider;
}

export const pendingNotifications = async (deps: Deps): Promise<number> => outboxPending(deps);
