/**
 * The product page's reviews beyond the first few (issue 42), loaded on the first tap of one of the
 * section's buttons (boot.ts): all reviews, sorted or filtered by stars, a page at a time
 * (GET /api/products/{slug}/reviews), and the helpful and report buttons of each review. Answers are
 * said beside the review; the list says how many it shows.
 */
import type { Locale } from '../../config.ts';
import { api } from '../../lib/api/browser.ts';
import type { Paged, PublicReview } from '../../lib/api/catalog.ts';
import { type ReviewLabels, reviewHtml } from './review-markup.ts';

interface Config {
  slug: string;
  locale: Locale;
  pageSize: number;
  labels: ReviewLabels;
  said: { helpful: string; reported: string; failed: string; shown: string; more: string };
}

interface ListState {
  page: number;
  pageCount: number;
  shown: number;
  total: number;
}
const lists = new WeakMap<HTMLElement, ListState>();

const configOf = (root: HTMLElement): Config => JSON.parse(root.dataset.config ?? '{}') as Config;
const base = (c: Config) => `/api/products/${encodeURIComponent(c.slug)}/reviews`;
const inline = { silent: true } as const;

/** Loads page `page` of the list as the controls choose it: page 1 replaces the list, later pages add to it. */
async function load(root: HTMLElement, page: number): Promise<void> {
  const c = configOf(root);
  const controls = root.querySelector<HTMLFormElement>('[data-reviews-controls]')!;
  const list = root.querySelector<HTMLElement>('[data-review-list]')!;
  const shown = root.querySelector<HTMLElement>('[data-reviews-shown]')!;
  const more = root.querySelector<HTMLButtonElement>(
    'button[data-review-action="all"], button[data-review-action="more"]',
  );
  const form = new FormData(controls);
  const stars = String(form.get('stars') ?? '');
  try {
    const answer = await api.get<Paged<PublicReview>>(base(c), {
      query: { page, pageSize: c.pageSize, sort: String(form.get('sort') ?? 'newest'), ...(stars ? { stars } : {}) },
      ...inline,
    });
    const html = answer.data.map((r) => reviewHtml(r, c.labels, c.locale)).join('');
    if (page === 1) list.innerHTML = html;
    else list.insertAdjacentHTML('beforeend', html);
    const state = {
      page,
      pageCount: answer.pageCount,
      total: answer.total,
      shown: list.querySelectorAll('.review').length,
    };
    lists.set(root, state);
    shown.textContent = c.said.shown.replace('{shown}', String(state.shown)).replace('{total}', String(state.total));
    if (more) {
      more.dataset.reviewAction = 'more';
      more.textContent = c.said.more;
      more.hidden = page >= answer.pageCount;
    }
  } catch {
    shown.textContent = c.said.failed;
  }
}

/** Shows the sort and star controls, which reload the list when changed. */
function openControls(root: HTMLElement): void {
  const controls = root.querySelector<HTMLFormElement>('[data-reviews-controls]')!;
  if (!controls.hidden) return;
  controls.hidden = false;
  controls.addEventListener('change', () => void load(root, 1));
  controls.addEventListener('submit', (e) => e.preventDefault());
}

/** Votes a review helpful or reports it, and says the answer (or the refusal) beside it. */
async function vote(root: HTMLElement, button: HTMLButtonElement, kind: 'helpful' | 'report'): Promise<void> {
  const c = configOf(root);
  const review = button.closest<HTMLElement>('[data-review]');
  const said = review?.querySelector<HTMLElement>('.review-said');
  if (!review || !said) return;
  button.disabled = true;
  try {
    if (kind === 'helpful') {
      const r = await api.post<{ helpfulCount: number }>(`${base(c)}/${review.dataset.review}/helpful`, inline);
      button.textContent = c.labels.helpfulCount.replace('{count}', String(r.helpfulCount));
      said.textContent = c.said.helpful;
    } else {
      await api.post(`${base(c)}/${review.dataset.review}/report`, inline);
      said.textContent = c.said.reported;
    }
  } catch (error) {
    button.disabled = false;
    said.textContent = (error as Error).message || c.said.failed;
  }
}

/** What a tap of one of the reviews' buttons does. */
export function reviewAction(root: HTMLElement, button: HTMLButtonElement): Promise<void> {
  const action = button.dataset.reviewAction;
  if (action === 'helpful' || action === 'report') return vote(root, button, action);
  if (action === 'all') {
    openControls(root);
    return load(root, 1);
  }
  if (action === 'more') return load(root, (lists.get(root)?.page ?? 1) + 1);
  return Promise.resolve();
}
