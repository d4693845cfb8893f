import type { Locale } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import type { Deps } from '../context.ts';
import { createResetTicket } from './accounts.ts';
import { admitEmail } from './email-limits.ts';
import { emailLink, linkEmail } from './email-text.ts';

/** A reset link works once, within 30 minutes of being sent. */
export const RESET_LINK_TTL_MS = 30 * 60_000;

/**
 * Sends a password-reset link to `email` when it is the verified email of an active member; for any
 * other address nothing is sent and the caller answers the same (no enumeration). The link carries a
 * reset ticket (hashed in the database, single use, 30 minutes) in its fragment. A mail server
 * failure answers 503 and leaves no usable ticket behind.
 */
export async function sendResetLink(deps: Deps, email: string, ip: string, locale: Locale): Promise<void> {
  await admitEmail(deps, email, 'reset', ip);
  const member = await deps.db.kysely
    .selectFrom('members')
    .select('id')
    .where('email', '=', email)
    .where('email_verify', '=', 1)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!member) return;
  const { ticket } = await createResetTicket(deps, member.id, RESET_LINK_TTL_MS);
  const link = emailLink(deps.env.SITE_URL, locale, 'reset', ticket);
  try {
    await deps.mail.send({ to: email, purpose: 'reset', link, ...linkEmail('reset', link, RESET_LINK_TTL_MS, locale) });
  } catch (err) {
    await deps.db.kysely
      .updateTable('reset_tickets')
      .set({ used_at: deps.clock.now() })
      .where('member_id', '=', member.id)
      .where('used_at', 'is', null)
      .execute();
    throw new ApiError('EMAIL_FAILED', { cause: err });
  }
}
