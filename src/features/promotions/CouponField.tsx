import { useId, useState } from 'react';
import type { Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import './promotions.css';

interface Props {
  locale: Locale;
  /** The code applied now, or '' for none. */
  applied: string;
  /** Why the last code was refused, beside the field. */
  error?: string | undefined;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** The element id of the input (checkout focuses it on an error). */
  inputId?: string;
}

/**
 * A promotion code: typed and applied (Enter or the button), or shown as applied with a way to
 * remove it. Not a form of its own: on checkout it sits inside the order form, so Enter applies the
 * code instead of placing the order.
 */
export function CouponField({ locale, applied, error, busy, onApply, onRemove, inputId }: Props) {
  const own = useId();
  const id = inputId ?? `coupon-${own}`;
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const apply = () => {
    if (!text.trim()) return setEmpty(true);
    setEmpty(false);
    onApply(text);
  };
  const message = empty ? t(locale, 'promo.empty') : error;
  if (applied)
    return (
      <div className="sw-coupon sw-coupon-applied">
        <p role="status">{t(locale, 'promo.applied', { code: applied.toUpperCase() })}</p>
        <button type="button" className="sw-link" onClick={onRemove} disabled={busy}>
          {t(locale, 'promo.remove')}
        </button>
      </div>
    );
  return (
    <div className="sw-coupon">
      <label htmlFor={id}>{t(locale, 'promo.label')}</label>
      <div className="sw-coupon-row">
        <input
          id={id}
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={text}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
        <button type="button" className="btn ghost" onClick={apply} disabled={busy} aria-busy={busy}>
          {busy ? t(locale, 'promo.applying') : t(locale, 'promo.apply')}
        </button>
      </div>
      {message && (
        <p id={`${id}-error`} className="sw-field-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
