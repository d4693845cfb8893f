import type { Msg } from '../common/i18n.ts';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import { EcpayCreditError } from '../providers/ecpay/credit.ts';
import { voidReturnAllowance } from './allowance-void.ts';
import { type CardRefunds, ecpayCardRefunds } from './card-refunds.ts';
import { madeAtEcpay, paidCard, ReturnActionError } from './refund.ts';
import { moveReturn } from './return-states.ts';

export const CANCEL_REASON_MAX = 200;

const NOT_CANCELLABLE: Record<string, (id: number) => Msg> = {
  sent: (id) => ({
    zh: `退款 #${id} 已退出，無法取消。`,
    en: `Refund #${id} was sent: it cannot be cancelled.`,
  }),
  sending: (id) => ({
    zh: `退款 #${id} 正在送出，請稍後再試。`,
    en: `Refund #${id} is being sent right now: try again in a moment.`,
  }),
};
const MADE_AT_ECPAY = (id: number): Msg => ({
  zh: `綠界顯示退款 #${id} 已完成刷退，無法取消；請再按一次「退款」記錄為已退出。`,
  en: `ECPay shows refund #${id} was made: it cannot be cancelled. Send it again to record it as sent.`,
});
const ECPAY_SILENT = (id: number): Msg => ({
  zh: `無法向綠界確認退款 #${id} 是否已刷退，請稍後再取消。`,
  en: `ECPay could not be asked whether refund #${id} was made: cancel it again later.`,
});

export interface CancelledRefund {
  /** Whether the allowance issued for the refund's return is voided (or none was issued); false: cancel again to retry. */
  allowanceSettled: boolean;
}

/**
 * The owner cancels a refund that was not sent (pending, or failed), with a reason. A card refund
 * already tried is asked at ECPay first (QueryTrade): one that ECPay made, its answer lost, is not
 * cancelled (sending it again records it). In one transaction the refund becomes `cancelled` with
 * the reason and its return is closed; then the allowance issued for the return is voided with
 * AllowanceInvalid. Cancelling a cancelled refund again only retries a void that failed.
 */
export async function cancelRefund(
  deps: Deps,
  id: number,
  reason: string,
  opts: { cards?: CardRefunds } = {},
): Promise<CancelledRefund> {
  const k = deps.db.kysely;
  const row = await k.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ReturnActionError({ zh: `沒有退款 #${id}。`, en: `No refund #${id}.` });
  const refusal = NOT_CANCELLABLE[row.state];
  if (refusal) throw new ReturnActionError(refusal(id));
  if (row.state !== 'cancelled') {
    if (row.method === 'card' && row.attempts > 0) await refuseIfMade(deps, row, opts.cards);
    const now = deps.clock.now();
    const cancelled = await k.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('refunds')
        .set({ state: 'cancelled', reason: reason.slice(0, CANCEL_REASON_MAX), updated_at: now })
        .where('id', '=', id)
        .where('state', 'in', ['pending', 'failed'])
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      if (row.return_id !== null)
        await moveReturn(trx, { returnId: row.return_id, to: 'closed', note: `refund cancelled: ${reason}`, now });
      return true;
    });
    if (!cancelled) {
      const state = (await k.selectFrom('refunds').select('state').where('id', '=', id).executeTakeFirstOrThrow())
        .state;
      throw new ReturnActionError((NOT_CANCELLABLE[state] ?? NOT_CANCELLABLE.sending!)(id));
    }
    log.info({ event: 'refund_cancelled', refundId: id, amount: row.amount }, 'refund cancelled by the owner');
  }
  const allowanceSettled = row.return_id === null ? true : await voidReturnAllowance(deps, row.return_id);
  return { allowanceSettled };
}

/** Refuses to cancel a card refund that ECPay's trade shows made, or when ECPay cannot be asked. */
async function refuseIfMade(
  deps: Deps,
  row: { id: number; order_id: number; amount: number },
  cards: CardRefunds = ecpayCardRefunds(deps),
): Promise<void> {
  const card = await paidCard(deps.db.kysely, row.order_id);
  if (!card) return;
  let trade: Awaited<ReturnType<CardRefunds['trade']>>;
  try {
    trade = await cards.trade(card);
  } catch (err) {
    if (err instanceof EcpayCreditError) throw new ReturnActionError(ECPAY_SILENT(row.id));
    throw err;
  }
  if (trade && (await madeAtEcpay(deps.db.kysely, row, trade))) throw new ReturnActionError(MADE_AT_ECPAY(row.id));
}
