import { REVIEW_REQUEST_BATCH, REVIEW_REQUEST_DAYS, REVIEW_REQUEST_LATE_DAYS } from '../../config.ts';
import { newSecret, sha256 } from '../common/tokens.ts';
import type { Deps } from '../context.ts';
import { notifyReviewRequest } from '../notify/outbox.ts';
import { mailAddressSql, stopLink, stopToken } from './review-mail-stop.ts';

const DAY_MS = 86_400_000;

/**
 * The review form for an order's products: the member's (who signs in), or a guest's with a private
 * key of its own (kept beside the order's other keys, as a resent mail's is).
 */
export function reviewFormLink(siteUrl: string, o: { no: string; locale: string }, guestKey?: string): string {
  const base = `${siteUrl.replace(/\/$/, '')}${o.locale === 'en' ? '/en' : ''}`;
  const key = guestKey ? `&key=${encodeURIComponent(guestKey)}` : '';
  return `${base}/review?no=${encodeURIComponent(o.no)}${key}`;
}

/**
 * Queues the one mail asking for reviews of each order delivered or picked up REVIEW_REQUEST_DAYS
 * ago (not more than REVIEW_REQUEST_LATE_DAYS later): not for a cancelled order or one with a return
 * (asked, or more), never twice (the outbox's unique key: two servers queue it once). A guest's
 * link carries a new private key of its own; each mail carries a link that stops them (not queued
 * for an address that used it). Returns how many it queued.
 */
export async function queueReviewRequests(deps: Deps, now: number): Promise<number> {
  // On unless the shop turned the mails off (REVIEW_REQUESTS=0).
  if (deps.env.REVIEW_REQUESTS === '0') return 0;
  const k = deps.db.kysely;
  const days = deps.env.REVIEW_REQUEST_DAYS ?? REVIEW_REQUEST_DAYS;
  const dueBy = now - days * DAY_MS;
  const rows = await k
    .selectFrom('orders as o')
    .innerJoin('order_events as e', 'e.order_id', 'o.id')
    .leftJoin('members as m', 'm.id', 'o.member_id')
    .select(['o.id', 'o.no', 'o.locale', 'o.member_id'])
    .where('o.state', 'in', ['delivered', 'picked_up', 'completed'])
    .where('e.state', 'in', ['delivered', 'picked_up'])
    // Only deliveries inside the window are read (index order_events_state_at): the pass runs often.
    .where('e.at', '>', dueBy - REVIEW_REQUEST_LATE_DAYS * DAY_MS)
    .where('e.at', '<=', dueBy)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications as n')
            .select('n.id')
            .whereRef('n.order_id', '=', 'o.id')
            .where('n.purpose', '=', 'review-request'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('returns as r')
            .select('r.id')
            .whereRef('r.order_id', '=', 'o.id')
            .where('r.state', 'not in', ['rejected', 'cancelled']),
        ),
      ),
    )
    // Not to an address that asked for no more of these mails.
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('review_mail_stops as s').select('s.email').where('s.email', '=', mailAddressSql)),
      ),
    )
    .groupBy(['o.id', 'o.no', 'o.locale', 'o.member_id'])
    .orderBy('o.id')
    .limit(REVIEW_REQUEST_BATCH)
    .execute();
  let queued = 0;
  for (const o of rows) {
    // The key is stored before the mail is queued and dropped when another pass queued it first: a
    // stop between the two leaves a key no mail carries, never a mail whose key does not work. (No
    // transaction: SQLite's servers in one process would wait on each other's.)
    const key = o.member_id === null ? newSecret() : undefined;
    if (key)
      await k
        .insertInto('order_guest_keys')
        .values({ key_hash: sha256(key), order_id: o.id, created_at: now })
        .execute();
    const links = {
      link: reviewFormLink(deps.env.SITE_URL, o, key),
      stop: stopLink(deps.env.SITE_URL, await stopToken(deps.db, o.id)),
    };
    const written = await notifyReviewRequest(k, o.id, links, now);
    if (written) queued++;
    else if (key) await k.deleteFrom('order_guest_keys').where('key_hash', '=', sha256(key)).execute();
  }
  return queued;
}
