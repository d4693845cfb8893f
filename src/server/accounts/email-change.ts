import type { Locale } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import { newSecret, sha256 } from '../common/tokens.ts';
import type { Deps } from '../context.ts';
import { admitEmail } from './email-limits.ts';
import { emailLink, linkEmail } from './email-text.ts';
import { isUniqueViolation, type MemberRow } from './members.ts';

/** A link confirming a new email address works once, within an hour of being sent. */
export const EMAIL_CHANGE_TTL_MS = 60 * 60_000;

/** Voids the member's unconfirmed email changes (a newer request or a cleared email replaces them). */
export async function voidEmailChanges(deps: Deps, memberId: number): Promise<void> {
  await deps.db.kysely
    .updateTable('email_changes')
    .set({ used_at: deps.clock.now() })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Asks to move a member to a new email address: nothing changes until the link sent to that address
 * is followed. The answer is the same whether another account has the address or not (no
 * enumeration): a taken address receives nothing. Sends are limited per address and per IP.
 */
export async function requestEmailChange(
  deps: Deps,
  member: MemberRow,
  email: string,
  ip: string,
  locale: Locale,
): Promise<void> {
  await admitEmail(deps, email, 'change', ip);
  const holder = await deps.db.kysely
    .selectFrom('members')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', member.id)
    .where('email_verify', '=', 1)
    .executeTakeFirst();
  if (holder) return;
  await voidEmailChanges(deps, member.id);
  const token = newSecret();
  const now = deps.clock.now();
  await deps.db.kysely
    .insertInto('email_changes')
    .values({
      member_id: member.id,
      email,
      token_hash: sha256(token),
      created_at: now,
      expires_at: now + EMAIL_CHANGE_TTL_MS,
      used_at: null,
    })
    .execute();
  const link = emailLink(deps.env.SITE_URL, locale, 'change', token);
  try {
    await deps.mail.send({
      to: email,
      purpose: 'change',
      link,
      ...linkEmail('change', link, EMAIL_CHANGE_TTL_MS, locale),
    });
  } catch (err) {
    await voidEmailChanges(deps, member.id);
    throw new ApiError('EMAIL_FAILED', { cause: err });
  }
}

/**
 * Follows an email-change link: the address becomes the member's verified email (and a login name).
 * Another account that merely typed the same address without confirming it loses it; one that
 * confirmed it in the meantime keeps it (409). A used, expired or unknown link is 422 LINK_INVALID.
 */
export async function confirmEmailChange(deps: Deps, token: string): Promise<{ email: string }> {
  const now = deps.clock.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    const change = await trx
      .selectFrom('email_changes')
      .select(['id', 'member_id', 'email'])
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!change) throw new ApiError('LINK_INVALID');
    const used = await trx
      .updateTable('email_changes')
      .set({ used_at: now })
      .where('id', '=', change.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new ApiError('LINK_INVALID');
    await trx
      .updateTable('members')
      .set({ email: null, updated_at: now })
      .where('email', '=', change.email)
      .where('email_verify', '=', 0)
      .where('id', '!=', change.member_id)
      .execute();
    try {
      await trx
        .updateTable('members')
        .set({ email: change.email, email_verify: 1, updated_at: now })
        .where('id', '=', change.member_id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err, 'email')) throw new ApiError('EMAIL_TAKEN', { cause: err });
      throw err;
    }
    return { email: change.email };
  });
}
