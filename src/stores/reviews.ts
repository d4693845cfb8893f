import { map } from 'nanostores';
import type { Locale } from '../config.ts';
import type { ApiClientError } from '../lib/api/client.ts';
import { type ReviewDraft, type ReviewForm, type ReviewItem, reviewsApi } from '../lib/api/reviews.ts';
import { t } from '../lib/i18n/messages/index.ts';

/** A product's form: its errors by field (stars, title, body) and what the page says after sending. */
export interface ItemState {
  errors: Partial<Record<'stars' | 'title' | 'body', string>>;
  /** A refusal that belongs to no field (the order, the edit window). */
  message: string;
  /** The message after a post or an edit was stored. */
  done: string;
}

export interface ReviewFormState {
  no: string;
  key: string | undefined;
  form: ReviewForm | null;
  loading: boolean;
  /** The form could not be read: the API's message and status. */
  loadError: { message: string; status?: number } | null;
  /** The product being sent. */
  sending: string | null;
  items: Record<string, ItemState>;
}

const DAY_MS = 86_400_000;

const initial = (): ReviewFormState => ({
  no: '',
  key: undefined,
  form: null,
  loading: false,
  loadError: null,
  sending: null,
  items: {},
});

/** The review form of one order (the `/review` page). */
export const $reviewForm = map<ReviewFormState>(initial());

const blank: ItemState = { errors: {}, message: '', done: '' };

function setItem(slug: string, patch: Partial<ItemState>): void {
  const s = $reviewForm.get();
  $reviewForm.setKey('items', { ...s.items, [slug]: { ...(s.items[slug] ?? blank), ...patch } });
}

/** Reads the products of order `no` and their reviews (a guest passes the key of its link). */
export async function loadReviewForm(no: string, key?: string): Promise<void> {
  $reviewForm.set({ ...initial(), no, key, loading: true });
  try {
    const form = await reviewsApi.form(no, key);
    if ($reviewForm.get().no === no) $reviewForm.setKey('form', form);
  } catch (error) {
    const e = error as ApiClientError;
    if ($reviewForm.get().no === no) $reviewForm.setKey('loadError', { message: e.message, status: e.status });
  } finally {
    if ($reviewForm.get().no === no) $reviewForm.setKey('loading', false);
  }
}

/**
 * Posts the review of `item` (or saves the changes to its review); the answer replaces the item's
 * review. Errors, the page's own (no stars) or the server's, are kept beside their fields.
 */
export async function sendReview(item: ReviewItem, draft: ReviewDraft, locale: Locale): Promise<boolean> {
  const s = $reviewForm.get();
  if (s.sending || !s.form) return false;
  if (!(draft.stars >= 1 && draft.stars <= 5)) {
    setItem(item.slug, { errors: { stars: t(locale, 'reviews.form.starsRequired') }, message: '', done: '' });
    return false;
  }
  $reviewForm.setKey('sending', item.slug);
  setItem(item.slug, { errors: {}, message: '', done: '' });
  try {
    const editing = item.review;
    const saved = editing
      ? await reviewsApi.edit(item.slug, editing.id, draft, s.key)
      : await reviewsApi.post(item.slug, s.no, draft, s.key);
    const editableUntil = editing?.editableUntil ?? saved.createdAt + s.form.editDays * DAY_MS;
    const form = $reviewForm.get().form!;
    $reviewForm.setKey('form', {
      ...form,
      items: form.items.map((i) => (i.slug === item.slug ? { ...i, review: { ...saved, editableUntil } } : i)),
    });
    const done = editing
      ? 'reviews.form.saved'
      : saved.state === 'pending'
        ? 'reviews.form.pending'
        : 'reviews.form.sent';
    setItem(item.slug, { done: t(locale, done) });
    return true;
  } catch (error) {
    const e = error as ApiClientError;
    const f = e.fields ?? {};
    const errors: ItemState['errors'] = {};
    for (const k of ['stars', 'title', 'body'] as const) if (f[k]) errors[k] = f[k];
    const other = Object.entries(f)
      .filter(([k]) => !(k in errors))
      .map(([, v]) => v);
    setItem(item.slug, {
      errors,
      message: Object.keys(errors).length && !other.length ? '' : other.join(' ') || e.message,
    });
    return false;
  } finally {
    $reviewForm.setKey('sending', null);
  }
}
