import { commonEn } from './en/common.ts';
import { commonZhTW } from './zh-TW/common.ts';

/**
 * Site-wide strings: header, footer, error screen, no-data state, language and theme controls.
 * Both locales, for server code; the browser loads one locale's strings (./zh-TW.ts, ./en.ts).
 */
export const common = { 'zh-TW': commonZhTW, en: commonEn } as const;
