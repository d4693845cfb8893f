import type { Locale } from '../../config.ts';
import { enforce } from '../common/rate-limit.ts';
import type { Deps } from '../context.ts';

/** Contact messages accepted per IP address per window. */
export const CONTACT_LIMIT = { max: 5, windowMs: 3_600_000 } as const;

export interface ContactInput {
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  message: string;
}

/** Stores a contact message after counting it against the sender's hourly limit (429 beyond it). */
export async function submitContact(
  deps: Deps,
  ip: string,
  locale: Locale,
  input: ContactInput,
): Promise<{ id: number }> {
  await enforce(deps, { key: `contact:ip:${ip}`, ...CONTACT_LIMIT });
  const row = await deps.db.kysely
    .insertInto('contact_messages')
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? '',
      subject: input.subject,
      message: input.message,
      locale,
      member_id: null,
      created_at: deps.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}
