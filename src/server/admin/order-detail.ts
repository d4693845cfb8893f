import type { Deps } from '../context.ts';
import { showForShop } from '../orders/order-admin.ts';
import { CANCELLABLE } from '../orders/order-state.ts';
import { listAudit } from './audit.ts';

/** The console's order: what `orders -- show` prints, its payment attempts and notices, what its state allows, its audit. */
export async function orderForConsole(deps: Deps, no: string) {
  const k = deps.db.kysely;
  const o = await k
    .selectFrom('orders')
    .select(['id', 'state', 'shipping_method'])
    .where('no', '=', no)
    .executeTakeFirst();
  if (!o) return null;
  const view = await showForShop(deps, no);
  const attempts = await k
    .selectFrom('payment_attempts')
    .select(['merchant_trade_no', 'method', 'amount', 'state', 'created_at', 'paid_at'])
    .where('order_id', '=', o.id)
    .orderBy('id')
    .execute();
  const notices = attempts.length
    ? await k
        .selectFrom('payment_notices')
        .select(['kind', 'merchant_trade_no', 'outcome', 'verified', 'body', 'created_at'])
        .where(
          'merchant_trade_no',
          'in',
          attempts.map((a) => a.merchant_trade_no),
        )
        .orderBy('id')
        .execute()
    : [];
  const booked = await k
    .selectFrom('shipments')
    .select('id')
    .where('order_id', '=', o.id)
    .where('state', '=', 'created')
    .executeTakeFirst();
  const mailed = await k
    .selectFrom('notifications')
    .select('id')
    .where('order_id', '=', o.id)
    .where('recipient', '=', 'shopper')
    .executeTakeFirst();
  const shipsByCarrier = o.shipping_method !== 'shop';
  const actions: string[] = [];
  if (shipsByCarrier && ['paid', 'processing'].includes(o.state) && !booked) actions.push('ship');
  if (booked) actions.push('label');
  if ((shipsByCarrier && o.state === 'shipped') || (!shipsByCarrier && ['paid', 'processing'].includes(o.state)))
    actions.push('deliver');
  if (['delivered', 'picked_up'].includes(o.state)) actions.push('complete');
  if (CANCELLABLE.includes(o.state)) actions.push('cancel');
  if (attempts.length) actions.push('reconcile');
  if (mailed) actions.push('resend-mail');
  return {
    ...view,
    payment_attempts: attempts.map((a) => ({
      ...a,
      amount: Number(a.amount),
      created_at: Number(a.created_at),
      paid_at: a.paid_at === null ? null : Number(a.paid_at),
    })),
    payment_notices: notices.map((n) => {
      let form: Record<string, string> = {};
      try {
        form = JSON.parse(n.body) as Record<string, string>;
      } catch {
        // A notice kept as it came: not JSON.
      }
      return {
        kind: n.kind,
        merchant_trade_no: n.merchant_trade_no,
        outcome: n.outcome,
        verified: Number(n.verified) === 1,
        rtn_code: String(form.RtnCode ?? ''),
        rtn_msg: String(form.RtnMsg ?? ''),
        created_at: Number(n.created_at),
      };
    }),
    actions,
    audit: (await listAudit(deps, { orderNo: no, page: 1, limit: 100 })).data,
  };
}
