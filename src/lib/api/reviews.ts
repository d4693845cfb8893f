import { api } from './browser.ts';
import { ORDER_KEY_HEADER } from './orders.ts';

/** A review as the client reads it (the wire's `Review`, keys in camelCase). */
export interface Review {
  id: number;
  stars: number;
  title: string;
  body: string;
  /** The variant bought, in the page's language; "" when the product has one. */
  variant: string;
  /** Year and month the order was placed, "2026-11". */
  bought: string;
  createdAt: number;
  updatedAt: number;
  state: 'published' | 'pending' | 'hidden';
}

/** The shop's public answer under a review. */
export interface ReviewReply {
  body: string;
  at: number;
}

/** A product of the order on the review form, with its review once written. */
export interface ReviewItem {
  slug: string;
  brandSlug: string;
  name: string;
  image: string;
  variant: string;
  review: (Review & { editableUntil: number }) | null;
}

/** GET /api/orders/{no}/reviews */
export interface ReviewForm {
  no: string;
  /** The order's goods are in the shopper's hands: its products may be reviewed. */
  delivered: boolean;
  /** Days after its writing a review may be changed. */
  editDays: number;
  items: ReviewItem[];
}

/** What a shopper writes: 1–5 stars, an optional title and text. */
export interface ReviewDraft {
  stars: number;
  title: string;
  body: string;
}

const orderKey = (key?: string): Record<string, string> => (key ? { [ORDER_KEY_HEADER]: key } : {});
const path = (slug: string) => `/api/products/${encodeURIComponent(slug)}/reviews`;
/** Answered beside the form: the error modal stays shut. */
const inline = { silent: true } as const;
const text = (d: ReviewDraft) => ({
  stars: d.stars,
  ...(d.title.trim() ? { title: d.title.trim() } : {}),
  ...(d.body.trim() ? { body: d.body.trim() } : {}),
});

/** A shopper's reviews of one order: the member's by the Bearer token, a guest's by the order's key. */
export const reviewsApi = {
  form: (no: string, key?: string) =>
    api.get<ReviewForm>(`/api/orders/${encodeURIComponent(no)}/reviews`, { headers: orderKey(key), ...inline }),
  post: (slug: string, no: string, draft: ReviewDraft, key?: string) =>
    api.post<Review>(path(slug), { body: { orderNo: no, ...text(draft) }, headers: orderKey(key), ...inline }),
  edit: (slug: string, id: number, draft: ReviewDraft, key?: string) =>
    api.patch<Review>(`${path(slug)}/${id}`, {
      // An emptied title or text is sent empty: the edit keeps what is not sent.
      body: { stars: draft.stars, title: draft.title.trim(), body: draft.body.trim() },
      headers: orderKey(key),
      ...inline,
    }),
};
