import type { ComponentProps, ReactNode } from 'react';
import { fieldId } from '../../lib/checkout/draft.ts';

/** The error of a field, tied to its control by id (`<control id>-error`) and announced. */
export function FieldError({ field, text }: { field: string; text?: string }) {
  return text ? (
    <p id={`${fieldId(field)}-error`} className="sw-field-error" role="alert">
      {text}
    </p>
  ) : null;
}

/** aria-invalid and aria-describedby of a control whose field has an error (`hint` adds a hint's id). */
export function invalid(field: string, error?: string, hint?: string) {
  const described = [error ? `${fieldId(field)}-error` : '', hint ?? ''].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  } as const;
}

/** A labelled text input of the checkout form, with its error below. */
export function TextField(
  props: {
    field: string;
    label: ReactNode;
    error?: string;
    hint?: ReactNode;
    hintId?: string;
    onValue: (value: string) => void;
  } & Omit<ComponentProps<'input'>, 'onChange'>,
) {
  const { field, label, error, hint, hintId, onValue, ...input } = props;
  return (
    <div className="sw-field">
      <label htmlFor={fieldId(field)}>{label}</label>
      <input
        id={fieldId(field)}
        name={field}
        {...invalid(field, error, hintId)}
        {...input}
        onChange={(e) => onValue(e.target.value)}
      />
      {hint}
      <FieldError field={field} text={error} />
    </div>
  );
}
