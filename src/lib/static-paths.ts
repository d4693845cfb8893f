/** getStaticPaths helpers for routes under `src/pages/[...locale]/`. */
import { LOCALES, type Locale } from '../config.ts';
import { localeParams } from './i18n/locale.ts';

/** A path of one locale; `cacheKey` (page-keys.server.ts) lets an incremental build reuse its page. */
type Entry<P, Q> = { params: P; props: Q; cacheKey?: string };

/**
 * Builds the paths of one route in every locale: `build(locale)` returns that locale's entries, and
 * each gets the `locale` segment (empty for zh-TW, `en`) and a `locale` prop.
 */
export async function perLocale<P extends Record<string, string | undefined>, Q extends object>(
  build: (locale: Locale) => Promise<Entry<P, Q>[]> | Entry<P, Q>[],
): Promise<Entry<P & { locale: string | undefined }, Q & { locale: Locale }>[]> {
  const byLocale = new Map(localeParams().map((e) => [e.props.locale, e.params.locale]));
  const out = await Promise.all(
    LOCALES.map(async (locale) =>
      (await build(locale)).map((e) => ({
        params: { ...e.params, locale: byLocale.get(locale) },
        props: { ...e.props, locale },
        ...(e.cacheKey === undefined ? {} : { cacheKey: e.cacheKey }),
      })),
    ),
  );
  return out.flat();
}

/** Page numbers 2..pageCount as route params (page 1 lives at the list's own path). */
export const laterPages = (pageCount: number): number[] =>
  Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => i + 2);
