import { atom, map } from 'nanostores';
import { type Locale, OTP_RESEND_SECONDS } from '../../config.ts';
import { ApiClientError, UNEXPECTED_ERROR } from '../../lib/api/client.ts';
import type { ZodType } from '../../lib/zod.ts';
import { showError } from '../../stores/ui.ts';
import { type FieldErrors, validate } from './validate.ts';

export interface FormState {
  /** A request is in flight: buttons are disabled and further submits are ignored. */
  pending: boolean;
  /** Message per field, from the client rules or the server's `errors`. */
  fields: FieldErrors;
  /** A message for the whole form (a refused login, an expired code...). */
  message: string;
  /** A success or progress note (code sent, profile saved). */
  notice: string;
}

const IDLE: FormState = { pending: false, fields: {}, message: '', notice: '' };

/**
 * Puts a failed call where the visitor sees it: field errors beside their fields, other refusals
 * (4xx) above the form, and anything unexpected (5xx, network) in the error modal.
 */
export function placeError(error: unknown, state: FormState): FormState {
  if (error instanceof ApiClientError) {
    if (Object.keys(error.fields).length > 0) return { ...state, fields: error.fields };
    if (error.status >= 400 && error.status < 500) return { ...state, message: error.message };
    showError(error.message);
    return state;
  }
  showError(error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR);
  return state;
}

/** A form's state with its submit action: validation, one request at a time, errors placed. */
export function createForm() {
  const $form = map<FormState>({ ...IDLE });

  /** Validates `values` with `schema`, then runs `action` with the parsed data unless one is running. */
  async function submit<T>(
    schema: ZodType<T>,
    values: unknown,
    locale: Locale,
    action: (data: T) => Promise<string | undefined>,
  ): Promise<boolean> {
    if ($form.get().pending) return false;
    const result = validate(schema, values, locale);
    if (!result.ok) {
      $form.set({ ...IDLE, fields: result.fields });
      return false;
    }
    $form.set({ ...IDLE, pending: true });
    let done = false;
    try {
      const notice = await action(result.data);
      $form.setKey('notice', notice ?? '');
      done = true;
    } catch (error) {
      $form.set(placeError(error, $form.get()));
    } finally {
      $form.setKey('pending', false);
    }
    return done;
  }

  return { $form, submit, reset: () => $form.set({ ...IDLE }) };
}

/** The resend countdown of a one-time code: seconds left, 0 when a code may be requested. */
export function createCountdown() {
  const $seconds = atom(0);
  let timer: ReturnType<typeof setInterval> | undefined;
  function start(seconds = OTP_RESEND_SECONDS): void {
    clearInterval(timer);
    $seconds.set(seconds);
    timer = setInterval(() => {
      const next = $seconds.get() - 1;
      $seconds.set(Math.max(0, next));
      if (next <= 0) clearInterval(timer);
    }, 1_000);
  }
  return { $seconds, start };
}
