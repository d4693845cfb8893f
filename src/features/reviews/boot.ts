/**
 * What a product page loads for its reviews before anyone asks (a few hundred bytes): on the first
 * tap of a review button (all reviews, helpful, report), the script that does it (reviews-more.ts).
 */
export function bootReviews(): void {
  const root = document.querySelector<HTMLElement>('[data-reviews]');
  if (!root) return;
  let more: Promise<typeof import('./reviews-more.ts')> | undefined;
  root.addEventListener('click', (e) => {
    const button = (e.target as Element).closest?.<HTMLButtonElement>('button[data-review-action]');
    if (!button) return;
    more ??= import('./reviews-more.ts');
    void more.then((m) => m.reviewAction(root, button));
  });
}
