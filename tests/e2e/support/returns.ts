import { paidPickupOrder, serverDeps } from './admin.ts';

/** A bank account for a transfer refund, as a shopper gives it. */
const BANK = { bank_code: '812', bank_account: '12345678901234', bank_holder: '陳大文' };

/**
 * A shopper's return of the one line of a delivered cash-on-delivery order, waiting for the shop's
 * decision, written into the server's database as the shopper's request leaves it. Returns its id.
 */
export async function requestedReturn(baseURL: string): Promise<{ id: number; no: string }> {
  const no = await paidPickupOrder(baseURL);
  const deps = serverDeps(baseURL);
  const k = deps.db.kysely;
  try {
    const now = Date.now();
    const order = await k.selectFrom('orders').select('id').where('no', '=', no).executeTakeFirstOrThrow();
    await k
      .updateTable('orders')
      .set({ payment_method: 'cod', state: 'completed', updated_at: now })
      .where('id', '=', order.id)
      .execute();
    await k
      .insertInto('order_events')
      .values([
        { order_id: order.id, state: 'picked_up', note: '', at: now },
        { order_id: order.id, state: 'completed', note: '', at: now },
      ])
      .execute();
    const line = await k
      .selectFrom('order_lines')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const ret = await k
      .insertInto('returns')
      .values({
        order_id: order.id,
        state: 'requested',
        reason: 'changed_mind',
        reason_text: '',
        ...BANK,
        refund_amount: null,
        locale: 'zh-TW',
        requested_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k.insertInto('return_lines').values({ return_id: ret.id, order_line_id: line.id, quantity: 1 }).execute();
    await k.insertInto('return_events').values({ return_id: ret.id, state: 'requested', note: '', at: now }).execute();
    return { id: ret.id, no };
  } finally {
    await deps.db.close();
  }
}

/** ECPay's number of return `id`'s parcel (RtnMerchantTradeNo) in the logistics simulator, which a home return learns only from its first notice. */
export async function returnParcelNo(baseURL: string, id: number): Promise<string> {
  const deps = serverDeps(baseURL);
  try {
    const row = await deps.db.kysely
      .selectFrom('returns as r')
      .innerJoin('sim_logistics_returns as s', 's.logistics_id', 'r.parcel_logistics_id')
      .select('s.rtn_merchant_trade_no')
      .where('r.id', '=', id)
      .executeTakeFirstOrThrow();
    return row.rtn_merchant_trade_no;
  } finally {
    await deps.db.close();
  }
}
