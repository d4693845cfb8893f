import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import type { T } from './i18n.ts';

/** A labelled input with its error below it, tied to the input and announced. */
export function Field(props: { label: string; error?: string; hint?: string } & ComponentProps<'input'>) {
  const { label, error, hint, ...input } = props;
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="sw-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="sw-admin-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="sw-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled select. */
export function Select(
  props: { label: string; options: { value: string; label: string }[] } & ComponentProps<'select'>,
) {
  const { label, options, ...select } = props;
  const id = useId();
  return (
    <div className="sw-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A checkbox with its label after it. */
export function Check(props: { label: string } & ComponentProps<'input'>) {
  const { label, ...input } = props;
  return (
    <label className="sw-admin-check">
      <input type="checkbox" {...input} /> {label}
    </label>
  );
}

/** A form-wide refusal (alert) or outcome (status). */
export function Notice({ error, ok }: { error?: string; ok?: string }) {
  return (
    <>
      {error ? (
        <p className="sw-form-message" role="alert">
          {error}
        </p>
      ) : null}
      {ok ? (
        <p className="sw-form-notice" role="status">
          {ok}
        </p>
      ) : null}
    </>
  );
}

export function Button(props: { busy?: boolean; primary?: boolean } & ComponentProps<'button'>) {
  const { busy, primary, className, ...rest } = props;
  return (
    <button
      type="button"
      className={`sw-button${primary ? ' sw-button-primary' : ''}${className ? ` ${className}` : ''}`}
      aria-busy={busy || undefined}
      {...rest}
    />
  );
}

/** A titled part of a page (not a landmark: the tables inside are the regions). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="sw-admin-section">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** A table that scrolls sideways inside its own box on a narrow screen (the page never does). */
export function Table({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="sw-admin-table" aria-label={label} tabIndex={0}>
      <table>{children}</table>
    </section>
  );
}

export interface Paged<R> {
  total: number;
  limit: number;
  current: number;
  pageCount: number;
  data: R[];
}

/**
 * Previous and next page, and where we are. A page with two paged lists names each pager (`label`):
 * two navigation landmarks of one name cannot be told apart.
 */
export function Pager({
  t,
  page,
  onPage,
  label,
}: {
  t: T;
  page: Paged<unknown>;
  onPage: (n: number) => void;
  label?: string;
}) {
  if (page.pageCount <= 1) return null;
  return (
    <nav className="sw-admin-pager" aria-label={label ?? t('admin.pager.label')}>
      <Button disabled={page.current <= 1} onClick={() => onPage(page.current - 1)}>
        {t('admin.pager.prev')}
      </Button>
      <span>{t('admin.pager.page', { current: page.current, count: page.pageCount, total: page.total })}</span>
      <Button disabled={page.current >= page.pageCount} onClick={() => onPage(page.current + 1)}>
        {t('admin.pager.next')}
      </Button>
    </nav>
  );
}
