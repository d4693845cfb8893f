import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { refusalText } from '../common/refusals.ts';
import { jsonBody, noQuery } from '../common/validation.ts';
import {
  addAuto,
  addCode,
  disablePromotion,
  listPromotions,
  PromotionAdminError,
} from '../promotions/promotion-admin.ts';
import { type AdminEnv, requireOwner } from './staff-auth.ts';

/** A figure as the command takes it: digits, or a number (the service checks it as it checks the command's). */
const figure = z
  .union([z.string().max(12), z.number().int().min(0).max(999_999_999)])
  .transform((v) => String(v))
  .optional();
const text = z.string().max(200).optional();
const codeBody = z.strictObject({
  kind: z.literal('code'),
  code: z.string().min(1).max(40),
  off: figure,
  percent: figure,
  cap: figure,
  min: figure,
  uses: figure,
  per_member: figure,
  from: text,
  to: text,
  first_order: z.boolean().optional(),
  members_only: z.boolean().optional(),
  combinable: z.boolean().optional(),
  brands: text,
  categories: text,
  name: text,
  name_en: text,
});
const autoBody = z.strictObject({
  kind: z.literal('auto'),
  name: z.string().max(200),
  name_en: text,
  tiers: z.array(z.string().max(40)).max(10).default([]),
  free_shipping_over: figure,
  from: text,
  to: text,
  brands: text,
  categories: text,
});
const promotionBody = z.discriminatedUnion('kind', [codeBody, autoBody]);

/** `undefined` members dropped: the service's inputs are optional, not undefined-valued. */
const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const refused = (err: unknown) =>
  err instanceof PromotionAdminError
    ? new ApiError('PROMOTION_REFUSED', { params: { reason: refusalText(err.refusal) }, cause: err })
    : err;

/** Promotions (docs/admin-api.md): the owner only; the same services as `npm run promotions`. */
export const adminPromotions = new Hono<AdminEnv>();

adminPromotions.use('/promotions', requireOwner('promotions'));
adminPromotions.use('/promotions/*', requireOwner('promotions'));

adminPromotions.get('/promotions', noQuery, async (c) => ok(c, { data: await listPromotions(c.get('deps')) }));

adminPromotions.post('/promotions', noQuery, async (c) => {
  const b = await jsonBody(c, promotionBody);
  const deps = c.get('deps');
  try {
    const p =
      b.kind === 'code'
        ? await addCode(
            deps,
            defined({
              code: b.code,
              off: b.off,
              percent: b.percent,
              cap: b.cap,
              min: b.min,
              uses: b.uses,
              perMember: b.per_member,
              from: b.from,
              to: b.to,
              firstOrder: b.first_order ?? false,
              membersOnly: b.members_only ?? false,
              combinable: b.combinable ?? false,
              brands: b.brands,
              categories: b.categories,
              name: b.name,
              nameEn: b.name_en,
            }),
          )
        : await addAuto(
            deps,
            defined({
              name: b.name,
              nameEn: b.name_en,
              tiers: b.tiers,
              freeShippingOver: b.free_shipping_over,
              from: b.from,
              to: b.to,
              brands: b.brands,
              categories: b.categories,
            }),
          );
    return ok(c, p);
  } catch (err) {
    throw refused(err);
  }
});

adminPromotions.post('/promotions/:id/disable', noQuery, async (c) => {
  const id = c.req.param('id');
  if (!/^\d{1,9}$/.test(id)) throw new ApiError('NOT_FOUND');
  try {
    if (!(await disablePromotion(c.get('deps'), Number(id)))) throw new ApiError('NOT_FOUND');
  } catch (err) {
    throw refused(err);
  }
  return ok(c, {});
});
