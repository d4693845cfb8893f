import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../config.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { $order, cancelOrder } from '../../stores/orders.ts';

/**
 * "Pay now" while the order can be paid; cancel (after a confirmation) while it can be cancelled;
 * once its parcel is booked with the carrier, no cancel button but a note to contact the shop.
 */
export function OrderActions({ locale, guestKey }: { locale: Locale; guestKey?: string }) {
  const { order, cancelling, cancelError } = useStore($order);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  if (!order || (!order.canPay && !order.canCancel && !order.cancelNeedsShop)) return null;
  const payHref = `${localePath(locale, '/cart/payment')}?no=${encodeURIComponent(order.no)}${
    guestKey ? `&key=${encodeURIComponent(guestKey)}` : ''
  }`;
  return (
    <div className="sw-order-actions">
      {order.canPay && (
        <a className="btn" href={payHref}>
          {t(locale, 'order.payNow')}
        </a>
      )}
      {order.cancelNeedsShop && <p>{t(locale, 'order.cancelAskShop')}</p>}
      {order.canCancel && !confirming && (
        <button ref={cancelRef} type="button" className="sw-button" onClick={() => setConfirming(true)}>
          {t(locale, 'order.cancel')}
        </button>
      )}
      {order.canCancel && confirming && (
        <div className="sw-order-actions">
          <p id="order-cancel-q" role="status">
            {t(locale, 'order.cancelConfirm')}
          </p>
          <button
            ref={confirmRef}
            type="button"
            aria-describedby="order-cancel-q"
            className="sw-button sw-button-primary"
            aria-disabled={cancelling}
            onClick={() => void cancelOrder(guestKey).then((ok) => ok && setConfirming(false))}
          >
            {t(locale, 'order.cancelYes')}
          </button>
          <button type="button" className="sw-button" onClick={() => setConfirming(false)}>
            {t(locale, 'order.cancelNo')}
          </button>
        </div>
      )}
      {cancelError && (
        <p className="sw-form-message" role="alert">
          {cancelError}
        </p>
      )}
    </div>
  );
}
