import type { Clock } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { SmsMessage, SmsProvider } from './sms.ts';

/** Development adapter: stores each message in `sms_outbox`, read by `GET /api/dev/sms-outbox`. */
export function outboxSms(db: Db, clock: Clock): SmsProvider {
  return {
    name: 'outbox',
    async send(m: SmsMessage) {
      await db.kysely
        .insertInto('sms_outbox')
        .values({
          phone: m.phone,
          purpose: m.purpose,
          code: m.code,
          text: m.text,
          provider: 'outbox',
          created_at: clock.now(),
        })
        .execute();
    },
  };
}
