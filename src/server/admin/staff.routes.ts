import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../common/envelope.ts';
import { jsonBody, noQuery } from '../common/validation.ts';
import { staffApiError } from './admin-common.ts';
import { addStaff, disableStaff, listStaff, resetStaff, STAFF_ROLES, staffEmail, staffName } from './staff-accounts.ts';
import { type AdminEnv, requireOwner, staffOf } from './staff-auth.ts';

const addBody = z.strictObject({
  email: staffEmail,
  name: staffName,
  role: z.enum(STAFF_ROLES, { message: 'invalid' }),
});

/** Staff accounts (docs/admin-api.md, Staff): the owner only; the same services as `npm run staff`. */
export const adminStaff = new Hono<AdminEnv>();

adminStaff.use('/staff', requireOwner('staff'));
adminStaff.use('/staff/*', requireOwner('staff'));

adminStaff.get('/staff', noQuery, async (c) => ok(c, { data: await listStaff(c.get('deps')) }));

adminStaff.post('/staff', noQuery, async (c) => {
  const body = await jsonBody(c, addBody);
  try {
    return ok(c, await addStaff(c.get('deps'), body));
  } catch (err) {
    throw staffApiError(err, c.get('locale'));
  }
});

adminStaff.post('/staff/:email/disable', noQuery, async (c) => {
  try {
    await disableStaff(c.get('deps'), c.req.param('email'), staffOf(c).id);
  } catch (err) {
    throw staffApiError(err, c.get('locale'));
  }
  return ok(c, {});
});

adminStaff.post('/staff/:email/reset', noQuery, async (c) => {
  try {
    return ok(c, await resetStaff(c.get('deps'), c.req.param('email'), staffOf(c).id));
  } catch (err) {
    throw staffApiError(err, c.get('locale'));
  }
});
