import type { Locale } from '../../config.ts';
import { fillMessage } from '../common/errors.ts';
import { type Msg, pick } from '../common/i18n.ts';
import type { Refusal } from './rules.ts';

const ntd = (n: number) => `NT$${n.toLocaleString('en-US')}`;

/** Why a code is not applied, in the shopper's language; `{min}` is the minimum spend. */
export const REFUSALS: Record<Refusal, Msg> = {
  unknown: { zh: '找不到這個優惠碼，請確認後再輸入。', en: 'This code does not exist. Check it and try again.' },
  expired: { zh: '這個優惠碼已過期。', en: 'This code has expired.' },
  not_yet_valid: { zh: '這個優惠碼還沒開始使用。', en: 'This code cannot be used yet.' },
  min_spend: {
    zh: '適用商品須滿 {min} 才能使用這個優惠碼。',
    en: 'This code needs {min} of eligible products in the cart.',
  },
  used_up: { zh: '這個優惠碼已經被用完了。', en: 'This code has been used up.' },
  per_member: {
    zh: '您已用過這個優惠碼，無法再次使用。',
    en: 'You have already used this code as many times as it allows.',
  },
  first_order: { zh: '這個優惠碼只限首次購物使用。', en: 'This code is for a first order only.' },
  not_for_products: {
    zh: '購物車裡沒有適用這個優惠碼的商品。',
    en: 'This code does not apply to the products in your cart.',
  },
  members_only: { zh: '這個優惠碼限會員使用，請先登入。', en: 'This code is for members only. Log in to use it.' },
};

export function refusalText(reason: Refusal, locale: Locale, minSpend?: number): string {
  return fillMessage(pick(REFUSALS[reason], locale), { min: ntd(minSpend ?? 0) });
}

/** "再買 NT$420 享折 NT$300": what is still needed for the next spend threshold. */
export function nudgeText(need: number, off: number, locale: Locale): string {
  return locale === 'en' ? `Spend ${ntd(need)} more to save ${ntd(off)}` : `再買 ${ntd(need)} 享折 ${ntd(off)}`;
}
