import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';

/**
 * A labelled input with its error message below (announced, and tied to the input). `addon` sits
 * beside the input (a send-code button); `hint` below it.
 */
export function Field(
  props: { label: ReactNode; error?: string; hint?: ReactNode; addon?: ReactNode } & ComponentProps<'input'>,
) {
  const { label, error, hint, addon, ...input } = props;
  const id = useId();
  const errorId = `${id}-error`;
  const control = (
    <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
  );
  return (
    <div className="sw-field">
      <label htmlFor={id}>{label}</label>
      {addon ? (
        <div className="sw-inline">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {hint}
      {error && (
        <p id={errorId} className="sw-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The submit button: disabled and labelled as working while the request is in flight. It is
 * disabled with aria-disabled, not `disabled`, so that it keeps the focus (and the error modal can
 * hand it back); the form's pending flag already refuses a second submit.
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button type="submit" className="sw-button sw-button-primary" aria-disabled={pending} aria-busy={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}

/** The form-wide message (refusal) and notice (success), each announced when it appears. */
export function FormMessages({ message, notice }: { message: string; notice: string }) {
  return (
    <>
      {message && (
        <p className="sw-form-message" role="alert">
          {message}
        </p>
      )}
      {notice && (
        <p className="sw-form-notice" role="status">
          {notice}
        </p>
      )}
    </>
  );
}

/** Reads a form's current values as a plain object (checkboxes as booleans). */
export function formValues(form: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const el of form.elements) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || !el.name) continue;
    values[el.name] = el instanceof HTMLInputElement && el.type === 'checkbox' ? el.checked : el.value;
  }
  return values;
}
