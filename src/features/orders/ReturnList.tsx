import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import type { ReturnRequest } from '../../lib/api/returns.ts';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { type MessageKey, t } from '../../lib/i18n/messages/index.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { canWithdraw, nextStep } from '../../lib/returns/return-form.ts';
import { $returns, withdrawReturn } from '../../stores/returns.ts';

/** The refund of a return: amount, method and where it stands; the account masked; the e-invoice's correction. */
function RefundInfo({ locale, r }: { locale: Locale; r: ReturnRequest }) {
  return (
    <>
      {r.refund && (
        <p className="sw-return-refund">
          {t(locale, 'returns.refund', {
            amount: formatPrice(r.refund.amount),
            method: t(locale, `returns.refund.${r.refund.method}`),
            state: t(locale, `returns.refundState.${r.refund.state}`),
          })}
        </p>
      )}
      {r.refund?.state === 'cancelled' && r.refund.reason && (
        <p>{t(locale, 'returns.refundCancelledBecause', { reason: r.refund.reason })}</p>
      )}
      {r.bank && <p>{t(locale, 'returns.bankShown', { ...r.bank })}</p>}
      {r.invoice?.allowanceNo && <p>{t(locale, 'returns.allowance', { no: r.invoice.allowanceNo })}</p>}
      {r.invoice?.action === 'void' && <p>{t(locale, 'returns.invoiceVoided')}</p>}
    </>
  );
}

function ReturnItem({ locale, r }: { locale: Locale; r: ReturnRequest }) {
  const { withdrawing, withdrawError } = useStore($returns);
  const headingId = `return-${r.id}-title`;
  return (
    <li className="sw-return" aria-labelledby={headingId}>
      <h4 id={headingId}>
        {t(locale, 'returns.request', { id: r.id })}{' '}
        <span className="sw-order-state">{t(locale, `returns.state.${r.state}` as MessageKey)}</span>
      </h4>
      <p className="sw-muted">{t(locale, 'returns.askedAt', { at: formatDateTime(r.requestedAt, locale) })}</p>
      <ul>
        {r.lines.map((l) => (
          <li key={l.sku}>
            {t(locale, 'returns.lineRow', { name: l.name, quantity: l.quantity })}
            {l.receivedQuantity + l.damagedQuantity > 0 &&
              ` · ${t(locale, 'returns.lineReceived', { received: l.receivedQuantity, damaged: l.damagedQuantity })}`}
          </li>
        ))}
      </ul>
      <p className="sw-return-next">{nextStep(r, locale)}</p>
      <RefundInfo locale={locale} r={r} />
      {canWithdraw(r) && (
        <button
          type="button"
          className="sw-button"
          aria-disabled={withdrawing !== null}
          onClick={() => void withdrawReturn(r.id)}
        >
          {t(locale, 'returns.withdraw', { id: r.id })}
        </button>
      )}
      {withdrawError?.id === r.id && (
        <p className="sw-form-message" role="alert">
          {withdrawError.message}
        </p>
      )}
    </li>
  );
}

/** The order's return requests, newest first: state, lines, what to do next, the refund; withdraw while allowed. */
export function ReturnList({ locale, list }: { locale: Locale; list: readonly ReturnRequest[] }) {
  if (!list.length) return null;
  return (
    <>
      <h3>{t(locale, 'returns.list')}</h3>
      <ul className="sw-returns">
        {list.map((r) => (
          <ReturnItem key={r.id} locale={locale} r={r} />
        ))}
      </ul>
    </>
  );
}
