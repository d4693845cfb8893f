import { authEn } from './en/auth.ts';
import { authZhTW } from './zh-TW/auth.ts';

/**
 * Sign-in pages, their forms and validation, the phone-verification and error modals.
 * Both locales, for server code; the browser loads one locale's strings (./zh-TW.ts, ./en.ts).
 */
export const auth = { 'zh-TW': authZhTW, en: authEn } as const;
