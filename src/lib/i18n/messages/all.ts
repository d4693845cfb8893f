import en from './en.ts';
import zhTW from './zh-TW.ts';

/**
 * Every user-facing string, per locale. Each domain keeps its own file (common, catalog, auth,
 * member, cart...) with the same keys in both locales; a unit test fails when one is missing.
 * Server code and tests read this; the browser loads only its page's locale (./index.ts).
 */
export const MESSAGES = { 'zh-TW': zhTW, en } as const;
