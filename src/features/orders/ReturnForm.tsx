import { useStore } from '@nanostores/react';
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { type Locale, RETURN_REASON_TEXT_MAX } from '../../config.ts';
import type { Order } from '../../lib/api/order-types.ts';
import { RETURN_REASONS, type ReturnReason } from '../../lib/api/returns.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { emptyDraft, type ReturnDraft, returnFieldId } from '../../lib/returns/return-form.ts';
import { $returns, sendReturn } from '../../stores/returns.ts';

/** aria-invalid and aria-describedby of a control whose field has an error (`hint`: a hint's id too). */
function invalid(field: string, error?: string, hint?: string) {
  const described = [error ? `${returnFieldId(field)}-error` : '', hint ?? ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined } as const;
}

/** A group's description: its error and hint (a group takes no aria-invalid). */
const described = (field: string, error?: string, hint?: string) => invalid(field, error, hint)['aria-describedby'];

function FieldError({ field, text }: { field: string; text?: string }) {
  return text ? (
    <p id={`${returnFieldId(field)}-error`} className="sw-field-error">
      {text}
    </p>
  ) : null;
}

function Field(
  props: { field: string; label: ReactNode; error?: string; onValue: (v: string) => void } & Omit<
    ComponentProps<'input'>,
    'onChange'
  >,
) {
  const { field, label, error, onValue, ...input } = props;
  return (
    <div className="sw-field">
      <label htmlFor={returnFieldId(field)}>{label}</label>
      <input
        id={returnFieldId(field)}
        {...invalid(field, error)}
        {...input}
        onChange={(e) => onValue(e.target.value)}
      />
      <FieldError field={field} text={error} />
    </div>
  );
}

/**
 * The "Return items" form: the whole order or some lines and quantities (up to what is left), an
 * optional reason and free text, and for an order not paid by card the bank account of the refund.
 * Errors, the page's and the server's, stand beside their fields; the first one takes the focus.
 */
export function ReturnForm(props: { locale: Locale; order: Order; left: Record<string, number>; onDone: () => void }) {
  const { locale, order, left } = props;
  const { sending, errors, message } = useStore($returns);
  const [draft, setDraft] = useState<ReturnDraft>(emptyDraft);
  const formRef = useRef<HTMLFormElement>(null);
  const lines = order.lines.filter((l) => (left[l.sku] ?? 0) > 0);
  const needsBank = order.payment.method !== 'credit';
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input[name="return-scope"]')?.focus();
  }, []);
  useEffect(() => {
    // The first control with an error, in the form's order (a group's error: the group).
    if (Object.keys(errors).length)
      formRef.current
        ?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby*="-error"]')
        ?.focus();
  }, [errors]);
  const set = (patch: Partial<ReturnDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setBank = (patch: Partial<ReturnDraft['bank']>) => setDraft((d) => ({ ...d, bank: { ...d.bank, ...patch } }));
  return (
    <form
      ref={formRef}
      id="return-form"
      className="sw-return-form"
      aria-labelledby="return-form-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void sendReturn(order, draft, locale).then((ok) => ok && props.onDone());
      }}
    >
      <h3 id="return-form-title">{t(locale, 'returns.formTitle')}</h3>
      <fieldset id={returnFieldId('lines')} tabIndex={-1} aria-describedby={described('lines', errors.lines)}>
        <legend>{t(locale, 'returns.scope')}</legend>
        {(['all', 'some'] as const).map((scope) => (
          <label key={scope} className="sw-radio">
            <input type="radio" name="return-scope" checked={draft.scope === scope} onChange={() => set({ scope })} />{' '}
            {t(locale, `returns.scope.${scope}`)}
          </label>
        ))}
        {draft.scope === 'some' &&
          lines.map((l) => (
            <Field
              key={l.sku}
              field={`lines.${l.sku}`}
              label={t(locale, 'returns.lineQuantity', {
                name: [l.name, l.optionValue].filter(Boolean).join(' '),
                max: left[l.sku] ?? 0,
              })}
              error={errors[`lines.${l.sku}`]}
              type="number"
              inputMode="numeric"
              min={0}
              max={left[l.sku]}
              value={String(draft.quantities[l.sku] ?? 0)}
              onValue={(v) => set({ quantities: { ...draft.quantities, [l.sku]: v === '' ? 0 : Number(v) } })}
            />
          ))}
        <FieldError field="lines" text={errors.lines} />
      </fieldset>
      <div className="sw-field">
        <label htmlFor={returnFieldId('reason')}>{t(locale, 'returns.reason')}</label>
        <select
          id={returnFieldId('reason')}
          {...invalid('reason', errors.reason)}
          value={draft.reason}
          onChange={(e) => set({ reason: e.target.value as ReturnReason | '' })}
        >
          <option value="">{t(locale, 'returns.reason.none')}</option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(locale, `returns.reason.${r}`)}
            </option>
          ))}
        </select>
        <FieldError field="reason" text={errors.reason} />
      </div>
      <div className="sw-field">
        <label htmlFor={returnFieldId('reasonText')}>{t(locale, 'returns.reasonText')}</label>
        <textarea
          id={returnFieldId('reasonText')}
          {...invalid('reasonText', errors.reasonText)}
          rows={3}
          maxLength={RETURN_REASON_TEXT_MAX}
          value={draft.reasonText}
          onChange={(e) => set({ reasonText: e.target.value })}
        />
        <FieldError field="reasonText" text={errors.reasonText} />
      </div>
      {needsBank && (
        <fieldset
          id={returnFieldId('bank')}
          tabIndex={-1}
          aria-describedby={described('bank', errors.bank, 'return-bank-hint')}
        >
          <legend>{t(locale, 'returns.bankTitle')}</legend>
          <p id="return-bank-hint" className="sw-muted">
            {t(locale, 'returns.bankHint')}
          </p>
          <Field
            field="bank.code"
            label={t(locale, 'returns.bank.code')}
            error={errors['bank.code']}
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            value={draft.bank.code}
            onValue={(code) => setBank({ code })}
          />
          <Field
            field="bank.account"
            label={t(locale, 'returns.bank.account')}
            error={errors['bank.account']}
            inputMode="numeric"
            autoComplete="off"
            maxLength={24}
            value={draft.bank.account}
            onValue={(account) => setBank({ account })}
          />
          <Field
            field="bank.holder"
            label={t(locale, 'returns.bank.holder')}
            error={errors['bank.holder']}
            autoComplete="off"
            maxLength={50}
            value={draft.bank.holder}
            onValue={(holder) => setBank({ holder })}
          />
          <FieldError field="bank" text={errors.bank} />
        </fieldset>
      )}
      {message && (
        <p className="sw-form-message" role="alert">
          {message}
        </p>
      )}
      <div className="sw-order-actions">
        <button type="submit" className="sw-button sw-button-primary" aria-disabled={sending}>
          {t(locale, sending ? 'returns.sending' : 'returns.send')}
        </button>
        <button type="button" className="sw-button" onClick={props.onDone}>
          {t(locale, 'returns.notNow')}
        </button>
      </div>
    </form>
  );
}
