import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../config.ts';
import type { Order } from '../../lib/api/order-types.ts';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { leftByLine, returnPeriod } from '../../lib/returns/return-form.ts';
import { $returns, loadReturns } from '../../stores/returns.ts';
import { ReturnForm } from './ReturnForm.tsx';
import { ReturnList } from './ReturnList.tsx';
import '../auth/forms.css';
import './orders.css';
import './returns.css';

const HANDED_OVER = ['delivered', 'picked_up', 'completed'];

/**
 * Returns on the member's order page and the guest's private order page (issue 40): once the order
 * is delivered or picked up and while the return period lasts, the period's end and the "Return
 * items" form; after it, why it is closed and the way to the contact page; the order's requests with
 * their states and what to do next.
 */
export function ReturnsPanel({ locale, order, guestKey }: { locale: Locale; order: Order; guestKey?: string }) {
  const { no, list, window, loading, sentId } = useStore($returns);
  const [open, setOpen] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const handedOver = HANDED_OVER.includes(order.state);
  useEffect(() => {
    if (handedOver) void loadReturns(order.no, guestKey);
  }, [order.no, guestKey, handedOver]);
  useEffect(() => {
    if (sentId !== null) sentRef.current?.focus();
  }, [sentId]);
  if (!handedOver || no !== order.no || loading || !window) return null;
  const period = returnPeriod(window, order.state, Date.now());
  if (period === 'not_delivered' && !list.length) return null;
  const left = leftByLine(order.lines, list);
  const anyLeft = Object.values(left).some((n) => n > 0);
  const until = window.until === null ? '' : formatDateTime(window.until, locale);
  return (
    <section className="sw-order-box sw-returns-panel" aria-labelledby="returns-title">
      <h2 id="returns-title">{t(locale, 'returns.title')}</h2>
      {period === 'open' && <p>{t(locale, 'returns.period', { days: window.days, until })}</p>}
      {period === 'closed' && (
        <p>
          {t(locale, 'returns.closed', { days: window.days, until })}{' '}
          <a href={localePath(locale, '/contact')}>{t(locale, 'returns.contact')}</a>
        </p>
      )}
      {sentId !== null && (
        <p ref={sentRef} tabIndex={-1} role="status" className="sw-return-sent">
          {t(locale, 'returns.sent', { id: sentId })}
        </p>
      )}
      {period === 'open' && !anyLeft && <p className="sw-muted">{t(locale, 'returns.nothingLeft')}</p>}
      {period === 'open' && anyLeft && !open && (
        <button ref={openRef} type="button" className="sw-button sw-button-primary" onClick={() => setOpen(true)}>
          {t(locale, 'returns.open')}
        </button>
      )}
      {period === 'open' && anyLeft && open && (
        <ReturnForm
          locale={locale}
          order={order}
          left={left}
          onDone={() => {
            setOpen(false);
            // Back to the button that opened it, unless the request's confirmation takes the focus.
            requestAnimationFrame(() => {
              if ($returns.get().sentId === null) openRef.current?.focus();
            });
          }}
        />
      )}
      <ReturnList locale={locale} list={list} />
    </section>
  );
}
