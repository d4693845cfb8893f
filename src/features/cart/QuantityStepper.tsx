import { useEffect, useState } from 'react';
import { CART_MAX_QUANTITY, type Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';

interface Props {
  locale: Locale;
  id: string;
  name: string;
  value: number;
  /** The most the line may hold now (stock and 99). */
  max: number;
  disabled: boolean;
  busy: boolean;
  onChange: (quantity: number) => void;
}

/** − [n] + for a cart line: whole numbers from 1 to `max`; typing commits on Enter or leaving the field. */
export function QuantityStepper({ locale, id, name, value, max, disabled, busy, onChange }: Props) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const top = Math.max(1, Math.min(CART_MAX_QUANTITY, max));
  const commit = (next: number) => {
    const q = Math.min(top, Math.max(1, Math.trunc(next)));
    if (!Number.isFinite(q) || q === value) {
      setText(String(value));
      return;
    }
    onChange(q);
  };
  return (
    <div className="sw-stepper" aria-busy={busy || undefined}>
      <button
        type="button"
        aria-label={t(locale, 'cart.decreaseOf', { name })}
        disabled={disabled || busy || value <= 1}
        onClick={() => commit(value - 1)}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={top}
        step={1}
        value={text}
        aria-label={t(locale, 'cart.quantityOf', { name })}
        disabled={disabled}
        readOnly={busy}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={() => commit(Number(text))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(Number(text));
        }}
      />
      <button
        type="button"
        aria-label={t(locale, 'cart.increaseOf', { name })}
        disabled={disabled || busy || value >= top}
        onClick={() => commit(value + 1)}
      >
        +
      </button>
    </div>
  );
}
