import type { Locale } from '../../config.ts';
import type { RefundFacts, ReturnFactsReader } from '../notify/return-facts.ts';
import { shownBank } from './bank-account.ts';
import { readReturn } from './return-view.ts';

/** The returns as the outbox's mails and events read them when they are sent (provided when the app is composed). */
export const returnFactsReader: ReturnFactsReader = {
  async returnOf(deps, returnId, locale) {
    const k = deps.db.kysely;
    const row = await k
      .selectFrom('returns')
      .select(['order_id', 'locale'])
      .where('id', '=', returnId)
      .executeTakeFirst();
    if (!row) return undefined;
    const own: Locale = row.locale === 'en' ? 'en' : 'zh-TW';
    const r = await readReturn(k, returnId, locale ?? own);
    return r && { ...r, orderId: row.order_id, locale: own };
  },
  async refundOf(deps, refundId): Promise<RefundFacts | undefined> {
    const k = deps.db.kysely;
    const f = await k.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
    if (!f) return undefined;
    const r =
      f.return_id === null
        ? undefined
        : await k.selectFrom('returns').selectAll().where('id', '=', f.return_id).executeTakeFirst();
    const invoice = r?.allowance_no
      ? { action: 'allowance' as const, allowance_no: r.allowance_no }
      : r?.invoice_action === 'void'
        ? { action: 'void' as const }
        : null;
    return {
      id: f.id,
      orderId: f.order_id,
      returnId: f.return_id,
      amount: f.amount,
      method: f.method === 'card' ? 'card' : 'transfer',
      state: f.state,
      reason: f.reason,
      bank: r ? shownBank(r) : null,
      invoice,
      // Sent and not yet closed: the e-invoice's correction follows the refund.
      invoicePending: r?.state === 'refunded',
    };
  },
};
