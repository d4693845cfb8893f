import type { ReactNode } from 'react';
import type { Locale } from '../../config.ts';
import type { Order } from '../../lib/api/order-types.ts';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { usePay } from './use-pay.ts';
import './payment.css';

/** Whether an unpaid order was released at its deadline (cancelled then, not before by its owner). */
const released = (order: Order) => {
  const deadline = order.payment.deadline;
  const at = order.timeline.find((e) => e.state === 'cancelled')?.at;
  return order.payment.paidAt === null && deadline !== null && at !== undefined && at >= deadline;
};

/**
 * The payment state of an order paid through the cashier, for the result page and the order page:
 * paid, waiting for an ATM transfer or a store payment (account or code and deadline), failed with a way
 * to try again (a new attempt), or cancelled.
 */
export function PaymentStatus({ locale, order, guestKey }: { locale: Locale; order: Order; guestKey?: string }) {
  const { pay, busy, error } = usePay(locale);
  const p = order.payment;
  const when = (ms: number) => formatDateTime(ms, locale);
  const cashier = p.method !== 'cod' && p.method !== 'pickup_pay';
  let body: ReactNode;
  if (order.state === 'cancelled')
    body = <p className="sw-pay-state">{t(locale, released(order) ? 'pay.released' : 'pay.cancelled')}</p>;
  else if (p.paidAt !== null)
    body = (
      <>
        <p className="sw-pay-state">{t(locale, 'pay.paid')}</p>
        <p>{t(locale, 'pay.paidAt', { time: when(p.paidAt) })}</p>
      </>
    );
  else if (!cashier) return null;
  else if (p.atm)
    body = (
      <>
        <p className="sw-pay-state">{t(locale, 'pay.waitingAtm')}</p>
        <dl className="sw-pay-facts">
          <dt>{t(locale, 'pay.atmBank')}</dt>
          <dd>{p.atm.bankCode}</dd>
          <dt>{t(locale, 'pay.atmAccount')}</dt>
          <dd className="sw-pay-code">{p.atm.account}</dd>
          <dt>{t(locale, 'pay.amount')}</dt>
          <dd>{formatPrice(order.total)}</dd>
          {p.atm.expiresAt !== null && (
            <>
              <dt>{t(locale, 'pay.payBy')}</dt>
              <dd>{when(p.atm.expiresAt)}</dd>
            </>
          )}
        </dl>
      </>
    );
  else if (p.cvsCode)
    body = (
      <>
        <p className="sw-pay-state">{t(locale, 'pay.waitingCvs')}</p>
        <dl className="sw-pay-facts">
          <dt>{t(locale, 'pay.cvsCode')}</dt>
          <dd className="sw-pay-code">{p.cvsCode.code}</dd>
          <dt>{t(locale, 'pay.amount')}</dt>
          <dd>{formatPrice(order.total)}</dd>
          {p.cvsCode.expiresAt !== null && (
            <>
              <dt>{t(locale, 'pay.payBy')}</dt>
              <dd>{when(p.cvsCode.expiresAt)}</dd>
            </>
          )}
        </dl>
      </>
    );
  else
    body = (
      <>
        <p className="sw-pay-state">{t(locale, p.failed ? 'pay.failed' : 'pay.awaiting')}</p>
        {p.method === 'twqr' && !p.failed && <p>{t(locale, 'pay.twqrHow')}</p>}
      </>
    );

  return (
    <section className="sw-pay-status" aria-labelledby="pay-status-title">
      <h2 id="pay-status-title">{t(locale, 'pay.status')}</h2>
      <div role="status">{body}</div>
      {order.canPay && p.failed && (
        <p>
          <button type="button" className="btn" disabled={busy} onClick={() => void pay(order.no, guestKey)}>
            {busy ? t(locale, 'pay.going') : t(locale, 'pay.retry')}
          </button>
        </p>
      )}
      {error && (
        <p className="sw-field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
