import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Locale } from '../../config.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { hasLastPaint, keepPaint, takeLastPaint } from '../../lib/runtime/last-paint.ts';
import {
  $cart,
  acknowledgePrices,
  changeQuantity,
  dismissRemoved,
  loadCart,
  removeLine,
  undoRemove,
} from '../../stores/cart.ts';
import { $cartPromo, applyCartCoupon, removeCartCoupon, startCartPromo } from '../../stores/cart-promo.ts';
import { mountOverlaysOnDemand } from '../auth/overlays-on-demand.ts';
import { CouponField } from '../promotions/CouponField.tsx';
import { DiscountRows, TierNudgeNote } from '../promotions/DiscountLines.tsx';
import { CartLineItem } from './CartLineItem.tsx';
import { CART_PAINT } from './cart-paint.ts';
import './cart.css';

/** The /cart page: lines, undo of a removal, the summary and the way to checkout; or the empty state. */
export default function CartView({ locale }: { locale: Locale }) {
  const { cart, loaded, busy, lineErrors, removed } = useStore($cart);
  const promo = useStore($cartPromo);
  useEffect(() => {
    mountOverlaysOnDemand();
    void loadCart();
    return startCartPromo();
  }, []);
  const href = (path: string) => localePath(locale, path);
  // Keyboard users land on Undo when the line they removed (and its focused button) goes away.
  const undoRef = useRef<HTMLButtonElement>(null);
  const newestRemoved = removed[0]?.sku;
  useEffect(() => {
    if (newestRemoved) undoRef.current?.focus();
  }, [newestRemoved]);

  // Opened with the last paint of this cart: it stays until this view can take its place whole
  // (lines and the promotions' lines), then goes in the same frame.
  const [painted] = useState(hasLastPaint);
  const settled = loaded && !(painted && cart.lines.length > 0 && !promo.quoted);
  useLayoutEffect(() => {
    if (settled) takeLastPaint();
  }, [settled]);
  // Once the lines with a moved price are on screen, the server is told they were shown: the next
  // visit does not report them again (this page keeps them beside their lines).
  const moved = cart.lines.filter((l) => l.priceChangedFrom !== null).map((l) => `${l.id}:${l.unitPrice}`);
  const movedKey = moved.join();
  useEffect(() => {
    if (settled && movedKey) void acknowledgePrices();
  }, [settled, movedKey]);
  const rootRef = useRef<HTMLDivElement>(null);
  const steady =
    settled &&
    removed.length === 0 &&
    Object.keys(busy).length === 0 &&
    Object.keys(lineErrors).length === 0 &&
    !promo.busy &&
    !promo.error &&
    (cart.lines.length === 0 || promo.quoted);
  useEffect(() => {
    if (!steady || !rootRef.current) return;
    // A moved price is told once: the next visit's first paint does not show it again.
    const html = rootRef.current.cloneNode(true) as HTMLElement;
    for (const shown of html.querySelectorAll('.sw-price-moved, .sw-price-was')) shown.remove();
    keepPaint(CART_PAINT.name, locale, String(cart.count), CART_PAINT.cookies, html.outerHTML);
  });

  if (!settled)
    return (
      <p className="sw-cart-loading" aria-busy="true">
        {t(locale, 'cart.loading')}
      </p>
    );

  return (
    <div className="sw-cart" ref={rootRef}>
      <div className="sw-cart-undo" role="status">
        {removed.map((line, i) => (
          <p key={line.sku}>
            {t(locale, 'cart.removed', { name: line.name })}{' '}
            <button
              type="button"
              className="btn ghost"
              ref={i === 0 ? undoRef : undefined}
              onClick={() => void undoRemove(line.sku)}
            >
              {t(locale, 'cart.undo')}
            </button>{' '}
            <button type="button" className="sw-link" onClick={() => dismissRemoved(line.sku)}>
              {t(locale, 'cart.dismiss')}
            </button>
          </p>
        ))}
      </div>
      {cart.lines.length === 0 ? (
        <div className="sw-empty">
          <h2>{t(locale, 'cart.empty')}</h2>
          <p>{t(locale, 'cart.emptyHint')}</p>
          <a className="btn" href={href('/categories')}>
            {t(locale, 'cart.startShopping')}
          </a>
        </div>
      ) : (
        <div className="sw-cart-grid">
          <ul className="sw-cart-lines" aria-label={t(locale, 'cart.lines')}>
            {cart.lines.map((line) => (
              <CartLineItem
                key={line.id}
                locale={locale}
                line={line}
                warnings={cart.warnings.filter((w) => w.lineId === line.id)}
                error={lineErrors[line.id]}
                busy={Boolean(busy[line.id])}
                onQuantity={(q) => void changeQuantity(line.id, q)}
                onRemove={() => void removeLine(line.id)}
              />
            ))}
          </ul>
          <section className="sw-cart-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title">{t(locale, 'cart.summary')}</h2>
            <p>{t(locale, 'cart.itemCount', { count: cart.count })}</p>
            <p className="sw-cart-subtotal">
              <span>{t(locale, 'cart.subtotal')}</span> <strong>{formatPrice(cart.subtotal)}</strong>
            </p>
            {promo.discounts.length > 0 && (
              <dl className="sw-cart-discounts" aria-label={t(locale, 'promo.discounts')}>
                <DiscountRows discounts={promo.discounts} />
                <dt>{t(locale, 'promo.total')}</dt>
                <dd>
                  <strong>{formatPrice(Math.max(0, cart.subtotal - promo.discountTotal))}</strong>
                </dd>
              </dl>
            )}
            <TierNudgeNote nudge={promo.nudge} locale={locale} />
            <CouponField
              locale={locale}
              applied={promo.applied}
              error={promo.error}
              busy={promo.busy}
              onApply={(code) => void applyCartCoupon(code)}
              onRemove={() => void removeCartCoupon()}
            />
            <p className="sw-muted">{t(locale, 'cart.shippingNote')}</p>
            {cart.canCheckout ? (
              <a className="btn sw-cart-checkout" href={href('/cart/checkout')}>
                {t(locale, 'cart.checkout')}
              </a>
            ) : (
              <>
                <button type="button" className="btn sw-cart-checkout" disabled aria-describedby="cart-blocked">
                  {t(locale, 'cart.checkout')}
                </button>
                <p id="cart-blocked" className="sw-cart-error">
                  {t(locale, 'cart.checkoutBlocked')}
                </p>
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
