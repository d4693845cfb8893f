import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { actorOf, pageQuery } from '../admin/admin-common.ts';
import { audited } from '../admin/audit.ts';
import { type ActionSubject, auditedAction, auditedRefusable } from '../admin/audited-action.ts';
import { type AdminEnv, adminGate, requireOwner, requireStaff, staffOf } from '../admin/staff-auth.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { textField } from '../common/text-rules.ts';
import { jsonBody, noQuery, queryOf } from '../common/validation.ts';
import { ReturnActionError } from './refund.ts';
import { CANCEL_REASON_MAX, cancelRefund } from './refund-cancel.ts';
import {
  approveReturn,
  orderNoOfReturn,
  receiveReturn,
  refundReturn,
  rejectReturn,
  sendRefundForShop,
} from './return-admin.ts';
import {
  bankOfReturn,
  listRefunds,
  listReturns,
  orderNoOfRefund,
  refundForShop,
  returnForShop,
} from './return-console.ts';
import { RETURN_VIEWS } from './return-queues.ts';
import { RETURN_STATES, type ReturnState } from './return-states.ts';

const listQuery = z.strictObject({
  state: z.enum(RETURN_STATES as unknown as [ReturnState, ...ReturnState[]], { message: 'invalid' }).optional(),
  view: z.enum(RETURN_VIEWS, { message: 'invalid' }).optional(),
  ...pageQuery,
});
const approveBody = z.strictObject({
  method: z.enum(['parcel', 'shopper', 'shop'], { message: 'invalid' }).optional(),
});
const rejectBody = z.strictObject({ reason: textField({ min: 1, max: 200, visible: true }) });
const count = z.number().int({ message: 'quantity' }).min(0, { message: 'quantity' }).max(99, { message: 'quantity' });
const receiveBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        sku: z.string().min(1, { message: 'sku' }).max(64, { message: 'sku' }),
        received_quantity: count,
        damaged_quantity: count.default(0),
      }),
    )
    .max(50, { message: 'tooLong' }),
});
const refundBody = z.strictObject({ reference: textField({ min: 1, max: 60, visible: true }).optional() });
const cancelBody = z.strictObject({ reason: textField({ min: 1, max: CANCEL_REASON_MAX, visible: true }) });

const ID_RE = /^[1-9]\d{0,9}$/;

async function optionalBody<S extends z.ZodType>(c: Context<AdminEnv>, schema: S): Promise<z.output<S>> {
  const length = c.req.header('content-length');
  if (!c.req.header('content-type') && (length === undefined || length === '0')) return schema.parse({});
  return jsonBody(c, schema);
}

/**
 * What the console's return actions act on: the same service as the CLI does the work, and a
 * refusal by the return's rules answers 409 RETURN_ACTION_REFUSED in the caller's language.
 */
const RETURN: ActionSubject = {
  noun: 'return',
  notFound: 'RETURN_NOT_FOUND',
  orderNoOf: orderNoOfReturn,
  view: returnForShop,
  refusalOf: (err) => (err instanceof ReturnActionError ? err.msg : undefined),
  refused: 'RETURN_ACTION_REFUSED',
};

/**
 * The console's returns (issue 40), at `/api/admin/returns`: the list and one return for staff and
 * owner; approve, reject and receive for both; refund for the owner only. Each action is audited.
 */
export const adminReturns = new Hono<AdminEnv>();
adminReturns.use('*', adminGate);

/** GET /?state=&view=&page=&limit= → paged rows, newest first; `view` a queue of return-queues.ts. */
adminReturns.get('/', requireStaff, async (c) => {
  const q = queryOf(c, listQuery);
  return ok(c, await listReturns(c.get('deps'), q));
});

/** GET /{id} → the return with its refunds, computation, damaged units and timeline. */
adminReturns.get('/:id', requireStaff, noQuery, async (c) => {
  const raw = c.req.param('id');
  if (!ID_RE.test(raw)) throw new ApiError('RETURN_NOT_FOUND');
  const view = await returnForShop(c.get('deps'), Number(raw), c.get('locale'));
  if (!view) throw new ApiError('RETURN_NOT_FOUND');
  return ok(c, view);
});

/**
 * GET /{id}/bank (owner) → the refund account in full, for the transfer: every other answer masks
 * it; each reading is in the audit log under the return's order (404 when the return has none).
 */
adminReturns.get('/:id/bank', requireOwner('refunds'), noQuery, async (c) => {
  const raw = c.req.param('id');
  if (!ID_RE.test(raw)) throw new ApiError('RETURN_NOT_FOUND');
  const deps = c.get('deps');
  const id = Number(raw);
  const no = await orderNoOfReturn(deps, id);
  if (!no) throw new ApiError('RETURN_NOT_FOUND');
  const bank = await audited(deps, actorOf(staffOf(c), c.get('ip')), 'return-bank-read', no, `return ${id}`, () =>
    bankOfReturn(deps, id),
  );
  if (!bank) throw new ApiError('NOT_FOUND');
  c.header('Cache-Control', 'no-store');
  return ok(c, bank);
});

/** POST /{id}/approve [{method: parcel|shopper|shop}]: a parcel by default where the carrier takes one back; again to retry a failed booking. */
adminReturns.post('/:id/approve', requireStaff, noQuery, async (c) => {
  const { method } = await optionalBody(c, approveBody);
  return auditedAction(c, RETURN, 'return-approve', method ?? '', (id) => approveReturn(c.get('deps'), id, method));
});

/** POST /{id}/reject {reason} */
adminReturns.post('/:id/reject', requireStaff, noQuery, async (c) => {
  const { reason } = await jsonBody(c, rejectBody);
  return auditedAction(c, RETURN, 'return-reject', reason, (id) => rejectReturn(c.get('deps'), id, reason));
});

/** POST /{id}/receive {lines: [{sku, received_quantity, damaged_quantity}]} */
adminReturns.post('/:id/receive', requireStaff, noQuery, async (c) => {
  const { lines } = await jsonBody(c, receiveBody);
  const detail = lines.map((l) => `${l.sku} ${l.received_quantity}/${l.damaged_quantity}`).join(', ');
  return auditedAction(c, RETURN, 'return-receive', detail, (id) => receiveReturn(c.get('deps'), id, lines));
});

/** POST /{id}/refund [{reference}] (owner): a card through ECPay; a transfer marked done with its reference. */
adminReturns.post('/:id/refund', requireOwner('refunds'), noQuery, async (c) => {
  const { reference } = await optionalBody(c, refundBody);
  return auditedAction(c, RETURN, 'return-refund', reference ?? '', (id) =>
    refundReturn(c.get('deps'), id, { reference }),
  );
});

const refundsQuery = z.strictObject({
  state: z.enum(['pending', 'sent', 'failed', 'cancelled'], { message: 'invalid' }).optional(),
  ...pageQuery,
});

/**
 * The console's refunds, at `/api/admin/refunds`: every refund (a return's, or a paid order's
 * cancelled before it shipped), for the owner; POST /{id}/send sends one as a return's refund is sent.
 */
export const adminRefunds = new Hono<AdminEnv>();
adminRefunds.use('*', adminGate);

/** GET /?state=pending|sent|failed|cancelled&page=&limit= (owner) */
adminRefunds.get('/', requireOwner('refunds'), async (c) => {
  return ok(c, await listRefunds(c.get('deps'), queryOf(c, refundsQuery)));
});

/** The refund of `c`'s path: its id and order number (404 when there is none). */
async function refundOfPath(c: Context<AdminEnv>): Promise<{ id: number; no: string }> {
  const raw = c.req.param('id') ?? '';
  if (!ID_RE.test(raw)) throw new ApiError('NOT_FOUND');
  const no = await orderNoOfRefund(c.get('deps'), Number(raw));
  if (!no) throw new ApiError('NOT_FOUND');
  return { id: Number(raw), no };
}

/** POST /{id}/send [{reference}] (owner) → the refund as listed. */
adminRefunds.post('/:id/send', requireOwner('refunds'), noQuery, async (c) => {
  const { id, no } = await refundOfPath(c);
  const deps = c.get('deps');
  const { reference } = await optionalBody(c, refundBody);
  await auditedRefusable(c, RETURN, 'refund-send', no, [`refund ${id}`, reference].filter(Boolean).join(' '), () =>
    sendRefundForShop(deps, id, { reference }),
  );
  return ok(c, await refundForShop(deps, id));
});

/**
 * POST /{id}/cancel {reason} (owner): a refund not sent is cancelled, its return closed and the
 * allowance issued for it voided (AllowanceInvalid) → the refund as listed, with `allowance_voided`
 * false when the void must be tried again (cancel again).
 */
adminRefunds.post('/:id/cancel', requireOwner('refunds'), noQuery, async (c) => {
  const { id, no } = await refundOfPath(c);
  const deps = c.get('deps');
  const { reason } = await jsonBody(c, cancelBody);
  const done = await auditedRefusable(c, RETURN, 'refund-cancel', no, `refund ${id} ${reason}`, () =>
    cancelRefund(deps, id, reason),
  );
  return ok(c, { ...(await refundForShop(deps, id)), allowance_settled: done.allowanceSettled });
});
