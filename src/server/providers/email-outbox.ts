import type { Clock } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { EmailMessage, EmailProvider } from './email.ts';

/** Development adapter: stores each email in `email_outbox`, read by `GET /api/dev/email-outbox`. */
export function outboxEmail(db: Db, clock: Clock): EmailProvider {
  return {
    name: 'outbox',
    async send(m: EmailMessage) {
      // One row per address of a mail to several (the owner's SHOP_NOTIFY_EMAIL).
      const to = m.to
        .split(',')
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean);
      await db.kysely
        .insertInto('email_outbox')
        .values(
          to.map((email) => ({
            email,
            purpose: m.purpose,
            subject: m.subject,
            text: m.text,
            link: m.link,
            html: m.html ?? '',
            provider: 'outbox',
            created_at: clock.now(),
          })),
        )
        .execute();
    },
  };
}
