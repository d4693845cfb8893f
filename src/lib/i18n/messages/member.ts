import { memberEn } from './en/member.ts';
import { memberZhTW } from './zh-TW/member.ts';

/**
 * The member area: navigation, profile, password, phone verification and orders.
 * Both locales, for server code; the browser loads one locale's strings (./zh-TW.ts, ./en.ts).
 */
export const member = { 'zh-TW': memberZhTW, en: memberEn } as const;
