import { CART_MAX_QUANTITY, type Locale } from '../../config.ts';
import { replayEarlyTaps } from '../../lib/runtime/early-taps.ts';

/** The query parameter that names the chosen option, so a shared link opens the same one. */
export const SKU_PARAM = 'sku';

/** A quantity typed or stepped into the box, kept to a whole number from 1 to `max`. */
export function clampQuantity(value: unknown, max: number): number {
  const n = Math.trunc(Number(value));
  const top = Math.max(1, Math.min(CART_MAX_QUANTITY, max));
  return Number.isFinite(n) ? Math.min(top, Math.max(1, n)) : 1;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

/** Brings the options up to date with the shop's current prices and stock (live-offers.ts), after the first paint. */
async function goLive(form: HTMLFormElement, refresh: () => void): Promise<void> {
  const { slug, locale } = form.dataset;
  if (!slug || !locale) return;
  try {
    const { applyOffers, currentOffers } = await import('./live-offers.ts');
    applyOffers(form, await currentOffers(locale as Locale, slug), refresh);
  } catch {
    // The API did not answer: the page stays as built, and the cart checks stock and price again.
  }
}

/**
 * Brings the product page's buy box to life: option buttons (the chosen one in `?sku=`, its price
 * and stock shown in the page's price and stock lines), the stepper, and add to cart with an
 * on-page confirmation. The cart store loads on the first add only, so the page stays light.
 */
export function initBuyBox(form: HTMLFormElement): void {
  const options = [...form.querySelectorAll<HTMLButtonElement>('button[data-sku]')];
  const input = form.querySelector<HTMLInputElement>('input[name="quantity"]');
  const add = form.querySelector<HTMLButtonElement>('[data-add]');
  const error = form.querySelector<HTMLElement>('[data-buy-error]');
  const toast = document.querySelector<HTMLElement>('[data-toast-body]');
  const price = document.querySelector<HTMLElement>('[data-chosen-price]');
  const compare = document.querySelector<HTMLElement>('[data-chosen-compare]');
  const stock = document.querySelector<HTMLElement>('[data-chosen-stock]');
  const plan = document.querySelector<HTMLElement>('[data-chosen-installments]');
  if (!input || !add || !error) return;
  const addLabel = add.textContent ?? '';
  let chosen = options.find((o) => o.getAttribute('aria-pressed') === 'true');
  const max = () => Number(chosen?.dataset.max ?? 1);

  function choose(option: HTMLButtonElement, remember: boolean): void {
    chosen = option;
    for (const o of options) o.setAttribute('aria-pressed', String(o === option));
    const d = option.dataset;
    if (price) price.textContent = d.price ?? '';
    if (compare) compare.textContent = d.compare ?? '';
    if (plan) {
      plan.textContent = d.installments ?? '';
      plan.hidden = !d.installments;
    }
    for (const sale of document.querySelectorAll<HTMLElement>('[data-chosen-sale]')) sale.hidden = !d.compare;
    if (stock) {
      stock.textContent = d.stockLabel ?? '';
      stock.classList.remove('in', 'low', 'out');
      stock.classList.add(d.stockState ?? 'in');
    }
    const withdrawn = form.dataset.withdrawn === 'true';
    if (stock && withdrawn) stock.textContent = form.dataset.labelWithdrawn ?? '';
    const soldOut = d.stockState === 'out' || withdrawn;
    add!.disabled = soldOut;
    input!.disabled = soldOut;
    input!.max = String(max());
    input!.value = String(clampQuantity(input!.value, max()));
    error!.textContent = withdrawn ? (form.dataset.labelWithdrawn ?? '') : '';
    if (remember) {
      const url = new URL(location.href);
      url.searchParams.set(SKU_PARAM, d.sku ?? '');
      history.replaceState(history.state, '', url);
    }
  }

  const wanted = new URLSearchParams(location.search).get(SKU_PARAM);
  const linked = options.find((o) => o.dataset.sku === wanted);
  if (linked) choose(linked, false);
  for (const o of options) o.addEventListener('click', () => choose(o, true));

  for (const step of form.querySelectorAll<HTMLButtonElement>('[data-step]')) {
    step.addEventListener('click', () => {
      if (input.disabled) return;
      input.value = String(clampQuantity(Number(input.value) + Number(step.dataset.step), max()));
    });
  }
  input.addEventListener('change', () => {
    input.value = String(clampQuantity(input.value, max()));
  });

  void goLive(form, () => {
    if (chosen) choose(chosen, false);
    else if (form.dataset.withdrawn === 'true') {
      add.disabled = true;
      input.disabled = true;
      error.textContent = form.dataset.labelWithdrawn ?? '';
      if (stock) stock.textContent = form.dataset.labelWithdrawn ?? '';
    }
  });

  toast?.querySelector('[data-toast-close]')?.addEventListener('click', () => {
    toast.hidden = true;
    add.focus();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const sku = chosen?.dataset.sku;
    if (!sku || add.disabled || add.getAttribute('aria-busy') === 'true') return;
    const quantity = clampQuantity(input.value, max());
    input.value = String(quantity);
    error.textContent = '';
    add.setAttribute('aria-busy', 'true');
    add.textContent = form.dataset.adding ?? addLabel;
    try {
      const { addToCart } = await import('../../stores/cart.ts');
      await addToCart(sku, quantity);
      if (toast) {
        const line = toast.querySelector('[data-toast-line]');
        if (line)
          line.textContent = fill(form.dataset.addedLine ?? '', {
            name: form.dataset.name ?? '',
            option: chosen?.dataset.option ?? '',
            quantity,
          });
        toast.hidden = false;
      }
    } catch (failure) {
      error.textContent = failure instanceof Error ? failure.message : String(failure);
    } finally {
      add.removeAttribute('aria-busy');
      add.textContent = addLabel;
    }
  });
}

/** The product page's buy box, if it has one, alive; a tap on an option, the stepper or add to cart before this ran takes effect now. */
export function bootBuyBox(): void {
  const form = document.querySelector<HTMLFormElement>('[data-buy-box]');
  if (!form) return;
  initBuyBox(form);
  replayEarlyTaps(form.querySelectorAll('[data-early]'));
}
