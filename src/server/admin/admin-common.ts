import { z } from 'zod';
import { ApiError } from '../common/errors.ts';
import { pick } from '../common/i18n.ts';
import { MAX_PAGE_SIZE } from '../common/paging.ts';
import { FIELD_MESSAGES } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import type { Actor } from './audit.ts';
import { StaffAdminError } from './staff-errors.ts';
import type { AuthedStaff } from './staff-sessions.ts';
import { SetupPasswordError } from './staff-setup.ts';

const whole = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { message: 'number' })
    .transform(Number)
    .pipe(z.number().int().min(min, { message: 'invalid' }).max(max, { message: 'invalid' }));

/** `page` (1-based) and `limit` of the console's paged lists. */
export const pageQuery = {
  page: whole(1, 1_000_000).default(1),
  limit: whole(1, MAX_PAGE_SIZE).default(20),
};

/** The actor of a console request: the staff member, from the client's address (TRUST_PROXY honoured). */
export const actorOf = (staff: AuthedStaff, ip: string): Actor => ({ staffId: staff.id, who: staff.name, ip });

/** A staff service's refusal as the API's error. */
export function staffApiError(err: unknown, locale: AppEnv['Variables']['locale']): unknown {
  if (err instanceof SetupPasswordError)
    return new ApiError('VALIDATION_FAILED', { fields: { password: pick(FIELD_MESSAGES[err.problem], locale) } });
  if (err instanceof StaffAdminError) return new ApiError(err.code);
  return err;
}
