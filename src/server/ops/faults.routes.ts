import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { armFault, FAULT_NAMES } from '../common/faults.ts';
import { jsonBody, noQuery } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { isProduction } from '../env.ts';

const armBody = z.strictObject({
  name: z.enum(FAULT_NAMES),
  times: z.number().int().min(0).max(1000),
});

/** POST /api/dev/faults {name, times}: arms a test fault. 403 DEV_ONLY in production unless ALLOW_FAULTS=1. */
export const faults = new Hono<AppEnv>();

faults.post('/', noQuery, async (c) => {
  const env = c.get('deps').env;
  if (isProduction(env) && env.ALLOW_FAULTS !== '1') throw new ApiError('DEV_ONLY');
  const { name, times } = await jsonBody(c, armBody);
  armFault(name, times);
  return ok(c, { name, times });
});
