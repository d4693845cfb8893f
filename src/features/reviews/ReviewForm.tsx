import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { type Locale, REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from '../../config.ts';
import type { ReviewDraft, ReviewItem } from '../../lib/api/reviews.ts';
import { formatDate } from '../../lib/i18n/format.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { $reviewForm, sendReview } from '../../stores/reviews.ts';
import { productPath } from '../catalog/paths.ts';

const fieldId = (slug: string, field: string) => `review-${slug}-${field}`;

/** aria-invalid and aria-describedby of a control whose field has an error. */
const invalid = (slug: string, field: string, error?: string) =>
  ({
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${fieldId(slug, field)}-error` : undefined,
  }) as const;

function FieldError({ slug, field, text }: { slug: string; field: string; text?: string }) {
  return text ? (
    <p id={`${fieldId(slug, field)}-error`} className="sw-field-error">
      {text}
    </p>
  ) : null;
}

/** Five radio buttons (arrow keys move between them), each drawn as a star and named "3 stars". */
function Stars(props: { locale: Locale; slug: string; value: number; error?: string; onValue: (n: number) => void }) {
  const { locale, slug, value, error } = props;
  return (
    <fieldset
      id={fieldId(slug, 'stars')}
      className="sw-review-stars"
      tabIndex={-1}
      aria-describedby={error ? `${fieldId(slug, 'stars')}-error` : undefined}
    >
      <legend>{t(locale, 'reviews.form.stars')}</legend>
      <div className="sw-review-star-row">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= value ? 'on' : undefined}>
            <input
              type="radio"
              name={fieldId(slug, 'stars')}
              value={n}
              checked={value === n}
              onChange={() => props.onValue(n)}
            />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{t(locale, n === 1 ? 'reviews.form.star' : 'reviews.form.starMany', { n })}</span>
          </label>
        ))}
      </div>
      <FieldError slug={slug} field="stars" text={error} />
    </fieldset>
  );
}

const draftOf = (item: ReviewItem): ReviewDraft => ({
  stars: item.review?.stars ?? 0,
  title: item.review?.title ?? '',
  body: item.review?.body ?? '',
});

/** One product of the order: its review to write, to change within the edit window, or as it stands. */
function ItemForm({ locale, item }: { locale: Locale; item: ReviewItem }) {
  const { sending, items, form } = useStore($reviewForm);
  const state = items[item.slug] ?? { errors: {}, message: '', done: '' };
  const [draft, setDraft] = useState<ReviewDraft>(() => draftOf(item));
  const ref = useRef<HTMLFormElement>(null);
  const { errors } = state;
  useEffect(() => {
    if (Object.keys(errors).length)
      ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby*="-error"]')?.focus();
  }, [errors]);
  const r = item.review;
  const frozen = r !== null && Date.now() >= r.editableUntil;
  const headingId = fieldId(item.slug, 'name');
  const productLink = localePath(
    locale,
    productPath({ slug: item.slug, brand: { slug: item.brandSlug }, category: { slug: '' } }, 'brand'),
  );
  return (
    <li className="sw-review-item">
      <div className="sw-review-product">
        {item.image && <img src={item.image} alt="" width={64} height={64} loading="lazy" />}
        <div>
          <h2 id={headingId}>{item.name}</h2>
          {item.variant && <p className="sw-muted">{t(locale, 'reviews.form.bought', { variant: item.variant })}</p>}
        </div>
      </div>
      {r?.state === 'hidden' && <p className="sw-muted">{t(locale, 'reviews.form.hidden')}</p>}
      {frozen ? (
        <div className="sw-review-frozen">
          <p>
            <span aria-hidden="true" className="sw-review-static-stars">
              {'★'.repeat(r.stars)}
              {'☆'.repeat(5 - r.stars)}
            </span>
            <span className="sr-only">
              {t(locale, r.stars === 1 ? 'reviews.form.star' : 'reviews.form.starMany', { n: r.stars })}
            </span>
          </p>
          {r.title && <p className="sw-review-title">{r.title}</p>}
          {r.body && <p className="sw-review-body">{r.body}</p>}
          <p className="sw-muted">{t(locale, 'reviews.form.frozen', { days: form?.editDays ?? 30 })}</p>
        </div>
      ) : (
        <form
          ref={ref}
          className="sw-review-form"
          aria-labelledby={headingId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void sendReview(item, draft, locale);
          }}
        >
          <Stars
            locale={locale}
            slug={item.slug}
            value={draft.stars}
            error={errors.stars}
            onValue={(stars) => setDraft((d) => ({ ...d, stars }))}
          />
          <div className="sw-field">
            <label htmlFor={fieldId(item.slug, 'title')}>{t(locale, 'reviews.form.titleField')}</label>
            <input
              id={fieldId(item.slug, 'title')}
              {...invalid(item.slug, 'title', errors.title)}
              maxLength={REVIEW_TITLE_MAX}
              value={draft.title}
              onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
            />
            <FieldError slug={item.slug} field="title" text={errors.title} />
          </div>
          <div className="sw-field">
            <label htmlFor={fieldId(item.slug, 'body')}>{t(locale, 'reviews.form.body')}</label>
            <textarea
              id={fieldId(item.slug, 'body')}
              {...invalid(item.slug, 'body', errors.body)}
              rows={5}
              maxLength={REVIEW_BODY_MAX}
              value={draft.body}
              onChange={(e) => setDraft((d) => ({ ...d, body: e.target.value }))}
            />
            <FieldError slug={item.slug} field="body" text={errors.body} />
          </div>
          {r && (
            <p className="sw-muted">
              {t(locale, 'reviews.form.editableUntil', { date: formatDate(r.editableUntil, locale) })}
            </p>
          )}
          <button className="btn" type="submit" disabled={sending !== null}>
            {t(locale, r ? 'reviews.form.save' : 'reviews.form.send')}
          </button>
          {state.message && (
            <p className="sw-field-error" role="alert">
              {state.message}
            </p>
          )}
        </form>
      )}
      <p role="status" className="sw-review-done">
        {state.done}
      </p>
      {r && (
        <p>
          <a href={productLink}>{t(locale, 'reviews.form.viewProduct', { name: item.name })}</a>
        </p>
      )}
    </li>
  );
}

/** The products of the order with their forms, once the order is read. */
export function ReviewItems({ locale }: { locale: Locale }) {
  const { form, loading, loadError } = useStore($reviewForm);
  if (loading || (!form && !loadError)) return <p aria-busy="true">{t(locale, 'auth.loading')}</p>;
  if (loadError || !form)
    return (
      <p role="alert" data-status={loadError?.status}>
        {loadError?.message}
      </p>
    );
  if (!form.delivered) return <p>{t(locale, 'reviews.form.notDelivered')}</p>;
  if (!form.items.length) return <p>{t(locale, 'reviews.form.none')}</p>;
  return (
    <>
      <p>{t(locale, 'reviews.form.lead', { no: form.no })}</p>
      <ul className="sw-review-items">
        {form.items.map((item) => (
          <ItemForm key={item.slug} locale={locale} item={item} />
        ))}
      </ul>
    </>
  );
}
