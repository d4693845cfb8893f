import type { Locale } from '../../../config.ts';
import { auth } from './auth.ts';
import { cart } from './cart.ts';
import { catalog } from './catalog.ts';
import { checkout } from './checkout.ts';
import { common } from './common.ts';
import { invoice } from './invoice.ts';
import { member } from './member.ts';
import { orders } from './orders.ts';
import { pages } from './pages.ts';
import { payment } from './payment.ts';
import { runtime } from './runtime.ts';

/**
 * Every user-facing string, per locale. Each domain keeps its own file (common, catalog, auth,
 * member, cart...) with the same keys in both locales; a unit test fails when one is missing.
 */
export const MESSAGES = {
  'zh-TW': {
    ...common['zh-TW'],
    ...catalog['zh-TW'],
    ...pages['zh-TW'],
    ...auth['zh-TW'],
    ...member['zh-TW'],
    ...runtime['zh-TW'],
    ...invoice['zh-TW'],
    ...cart['zh-TW'],
    ...payment['zh-TW'],
    ...checkout['zh-TW'],
    ...orders['zh-TW'],
  },
  en: {
    ...common.en,
    ...catalog.en,
    ...pages.en,
    ...auth.en,
    ...member.en,
    ...runtime.en,
    ...invoice.en,
    ...cart.en,
    ...payment.en,
    ...checkout.en,
    ...orders.en,
  },
} as const;

export type MessageKey = keyof (typeof MESSAGES)['zh-TW'];

/** The string for `key` in `locale`, with `{name}` placeholders filled from `params`. */
export function t(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const text: string =
    (MESSAGES[locale] as Record<string, string>)[key] ?? (MESSAGES['zh-TW'] as Record<string, string>)[key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : text;
}
