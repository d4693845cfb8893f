import { Hono } from 'hono';
import { z } from 'zod';
import { normalizePhone } from '../../lib/taiwan/phone.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { isProduction } from '../env.ts';

const OUTBOX_LIMIT = 50;

const outboxQuery = z.strictObject({ phone: z.string().trim().min(1, { message: 'phone' }) });
const emailOutboxQuery = z.strictObject({ email: z.string().trim().toLowerCase().min(1, { message: 'email' }) });

/** Development helpers; every route answers 403 DEV_ONLY when NODE_ENV=production. */
export const dev = new Hono<AppEnv>();

dev.use('*', async (c, next) => {
  if (isProduction(c.get('deps').env)) throw new ApiError('DEV_ONLY');
  await next();
});

/** GET /api/dev/sms-outbox?phone= → the latest messages to that phone, newest first: [{purpose, code, text, created_at}]. */
dev.get('/sms-outbox', async (c) => {
  const { phone } = queryOf(c, outboxQuery);
  const rows = await c
    .get('deps')
    .db.kysely.selectFrom('sms_outbox')
    .select(['purpose', 'code', 'text', 'created_at'])
    .where('phone', '=', normalizePhone(phone))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_LIMIT)
    .execute();
  // The messages carry live codes: never keep them in a cache.
  c.header('Cache-Control', 'no-store');
  return ok(
    c,
    rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
  );
});

/** GET /api/dev/email-outbox?email= → the latest emails to that address, newest first: [{purpose, subject, text, link, created_at}]. */
dev.get('/email-outbox', async (c) => {
  const { email } = queryOf(c, emailOutboxQuery);
  const rows = await c
    .get('deps')
    .db.kysely.selectFrom('email_outbox')
    .select(['purpose', 'subject', 'text', 'link', 'created_at'])
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_LIMIT)
    .execute();
  // The messages carry live links: never keep them in a cache.
  c.header('Cache-Control', 'no-store');
  return ok(
    c,
    rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
  );
});
