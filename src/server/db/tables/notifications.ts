import type { Generated } from 'kysely';

// The notification outbox (issue 30, migration 015). (The conventions of every table: schema.ts.)

/** `subscriber`: the phone, email or member of a restock alert (issue 32), named by the subject `alert:<id>`. */
export type NotificationRecipient = 'shopper' | 'owner' | 'webhook' | 'subscriber';
export type NotificationState = 'pending' | 'sent' | 'skipped' | 'failed';

export interface NotificationsTable {
  id: Generated<number>;
  purpose: string;
  subject: string;
  recipient: NotificationRecipient;
  order_id: number | null;
  payload: Generated<string>;
  state: Generated<NotificationState>;
  attempts: Generated<number>;
  next_at: number;
  claimed_until: Generated<number>;
  claim: string | null;
  last_error: string | null;
  /** Where it went: the addresses or the webhook's host. */
  sent_to: string | null;
  created_at: number;
  sent_at: number | null;
}
