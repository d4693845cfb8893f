import type { Locale } from '../../config.ts';
import { type InstallmentOffer, longestPlan } from '../../lib/checkout/installments.ts';
import { formatPrice } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/messages/index.ts';

/**
 * The product page's installment line for a price: the longest plan the price reaches, e.g.
 * "分 12 期 0 利率，每期 NT$1,241 起（首期 NT$1,249）"; '' when no plan reaches it. Written at build time.
 */
export function installmentLine(locale: Locale, offer: InstallmentOffer, price: number): string {
  const plan = longestPlan(offer, price);
  if (!plan) return '';
  const each = formatPrice(plan.per_payment);
  const line = t(locale, plan.interest_free ? 'product.installmentsFree' : 'product.installments', {
    periods: plan.periods,
    each,
  });
  return plan.first_payment === plan.per_payment
    ? line
    : line + t(locale, 'product.installmentsFirst', { first: formatPrice(plan.first_payment) });
}
