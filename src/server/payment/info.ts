import type { Deps } from '../context.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import { EcpayNoticeError, NOTICE_ACK, type PaymentInfoNotice, parsePaymentInfo } from '../providers/ecpay/notice.ts';
import { findAttempt, lockOrder, type NoticeOutcome, recordNotice, rejectNotice } from './notices.ts';
import type { NoticeAnswer } from './notify.ts';

const DATE_ONLY_RE = /^\d{4}\/\d{2}\/\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * Verifies a PaymentInfoURL notice and keeps the ATM account or store payment code on its attempt;
 * the order is then released at that code's expiry instead of the card timeout. A repeat changes nothing.
 */
export async function handlePaymentInfo(deps: Deps, form: Record<string, string>): Promise<NoticeAnswer> {
  let info: PaymentInfoNotice;
  try {
    info = parsePaymentInfo(form, ecpayConfig(deps.env).payment);
  } catch (err) {
    if (!(err instanceof EcpayNoticeError)) throw err;
    await rejectNotice(deps, 'info', form, err.fault);
    return { status: 400, body: `0|${err.fault}` };
  }
  const k = deps.db.kysely;
  const found = await findAttempt(k, info.merchantTradeNo);
  const reason = !found
    ? 'unknown-trade'
    : info.amount !== found.amount || info.amount !== found.total
      ? 'amount'
      : !info.issued
        ? `code-${info.rtnCode}`
        : null;
  if (!found || reason) {
    await rejectNotice(deps, 'info', form, reason ?? 'unknown-trade');
    return { status: 400, body: `0|${reason}` };
  }
  const now = deps.clock.now();
  // An ATM deadline is a date: the account takes transfers until the end of that day.
  const expiresAt = DATE_ONLY_RE.test(form.ExpireDate ?? '') ? info.expiresAt + DAY_MS - 1_000 : info.expiresAt;
  await k.transaction().execute(async (trx) => {
    await lockOrder(trx, found.order_id);
    const kept = await trx
      .updateTable('payment_attempts')
      .set({
        state: 'issued',
        trade_no: info.tradeNo,
        bank_code: info.atm?.bankCode ?? '',
        v_account: info.atm?.account ?? '',
        payment_no: info.cvs?.paymentNo ?? '',
        expires_at: expiresAt,
        rtn_code: info.rtnCode,
        rtn_msg: info.rtnMsg.slice(0, 200),
      })
      .where('id', '=', found.id)
      .where('state', '=', 'new')
      .executeTakeFirst();
    const outcome: NoticeOutcome = Number(kept.numUpdatedRows) === 1 ? 'issued' : 'duplicate';
    if (outcome === 'issued')
      await trx
        .updateTable('orders')
        .set({ pay_deadline: expiresAt, updated_at: now })
        .where('id', '=', found.order_id)
        .where('state', '=', 'awaiting_payment')
        .execute();
    await recordNotice(trx, { kind: 'info', form, verified: true, outcome, now });
  });
  return { status: 200, body: NOTICE_ACK };
}
