import type { Locale } from '../../config.ts';
import type { CartLine, CartWarning } from '../../lib/api/cart.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { brandPath } from '../catalog/paths.ts';
import { QuantityStepper } from './QuantityStepper.tsx';

interface Props {
  locale: Locale;
  line: CartLine;
  warnings: CartWarning[];
  error: string | undefined;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/** One line of the cart page: image, name and option, unit price, stepper, line total, remove; its warnings and error beside it. */
export function CartLineItem({ locale, line, warnings, error, busy, onQuantity, onRemove }: Props) {
  const href = localePath(locale, `${brandPath(line.brandSlug)}/${line.productSlug}`);
  const blocked = line.stockState === 'sold_out' || line.stockState === 'withdrawn';
  const option = line.optionName ? `${line.optionName}：${line.optionValue}` : line.optionValue;
  const onSale = line.compareAtPrice !== null && line.compareAtPrice > line.unitPrice;
  const was = line.priceChangedFrom;
  // The moved price has its own notice below; the server's warning of it says the same.
  const notes = warnings.filter((w) => w.code !== 'PRICE_CHANGED');
  return (
    <li className={`sw-cart-line${blocked ? ' is-blocked' : ''}`}>
      {line.image ? (
        <img src={line.image.src} width={line.image.width} height={line.image.height} alt="" loading="lazy" />
      ) : (
        <span className="sw-cart-noimg" />
      )}
      <div className="sw-cart-info">
        <a href={href} className="sw-cart-name">
          {line.name}
        </a>
        {option && <p className="sw-muted">{option}</p>}
        <p>
          <span className="sr-only">{t(locale, 'cart.unitPrice')}</span>
          {formatPrice(line.unitPrice)}
          {was !== null && (
            <del className="sw-muted sw-price-was">
              {' '}
              <span className="sr-only">{t(locale, 'cart.priceWas')}</span>
              {formatPrice(was)}
            </del>
          )}
          {onSale && was === null && <s className="sw-muted"> {formatPrice(line.compareAtPrice ?? 0)}</s>}
        </p>
        {was !== null && (
          <p className="sw-cart-warning is-info sw-price-moved">
            {t(locale, 'cart.priceMoved', { from: formatPrice(was), to: formatPrice(line.unitPrice) })}
          </p>
        )}
        {line.stockState === 'low_stock' && (
          <p className="sw-cart-low">{t(locale, 'cart.lowStock', { count: line.available })}</p>
        )}
        <div>
          {notes.map((w) => (
            <p key={w.code} className="sw-cart-warning">
              {w.message}
            </p>
          ))}
          {error && (
            <p className="sw-cart-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
      <div className="sw-cart-actions">
        <QuantityStepper
          locale={locale}
          id={`cart-qty-${line.id}`}
          name={line.name}
          value={line.quantity}
          max={line.available}
          disabled={blocked}
          busy={busy}
          onChange={onQuantity}
        />
        <p className="sw-cart-total">
          <span className="sr-only">{t(locale, 'cart.lineTotal')}</span>
          {formatPrice(line.lineTotal)}
        </p>
        <button
          type="button"
          className="sw-cart-remove"
          aria-label={t(locale, 'cart.removeOf', { name: line.name })}
          disabled={busy}
          onClick={onRemove}
        >
          {t(locale, 'cart.remove')}
        </button>
      </div>
    </li>
  );
}
