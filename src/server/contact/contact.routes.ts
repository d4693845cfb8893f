import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../common/envelope.ts';
import { textField } from '../common/text-rules.ts';
import { jsonBody, noQuery } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { submitContact } from './contact.ts';

const NAME_MAX = 50;
const SUBJECT_MAX = 100;
const MESSAGE_MAX = 5_000;
const EMAIL_MAX = 254;

const text = (max: number, tooLong = 'tooLong', multiline = false) =>
  textField({ min: 1, max, tooLong, multiline, visible: true });

const body = z.strictObject({
  name: text(NAME_MAX, 'name'),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, { message: 'email' })
    .pipe(z.email({ message: 'email' })),
  // Mobile or landline, as people write them: digits with optional +, spaces, hyphens and brackets.
  phone: z
    .string()
    .trim()
    .regex(/^$|^\+?[0-9][0-9 ()-]{5,18}[0-9]$/, { message: 'invalid' })
    .optional(),
  subject: text(SUBJECT_MAX),
  message: text(MESSAGE_MAX, 'tooLong', true),
});

/** POST /api/contact {name, email, phone?, subject, message} → {id}; 5 per IP per hour. */
export const contact = new Hono<AppEnv>().post('/', noQuery, async (c) => {
  const input = await jsonBody(c, body);
  return ok(c, await submitContact(c.get('deps'), c.get('ip'), c.get('locale'), input));
});
