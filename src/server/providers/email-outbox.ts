import type { Clock } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { EmailMessage, EmailProvider } from './email.ts';

/** Development adapter: stores each email in `email_outbox`, read by `GET /api/dev/email-outbox`. */
export function outboxEmail(db: Db, clock: Clock): EmailProvider {
  return {
    name: 'outbox',
    async send(m: EmailMessage) {
      await db.kysely
        .insertInto('email_outbox')
        .values({
          email: m.to,
          purpose: m.purpose,
          subject: m.subject,
          text: m.text,
          link: m.link,
          provider: 'outbox',
          created_at: clock.now(),
        })
        .execute();
    },
  };
}
