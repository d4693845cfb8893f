import { runtimeEn } from './en/runtime.ts';
import { runtimeZhTW } from './zh-TW/runtime.ts';

/**
 * The few strings of the page runtime that every page loads (kept apart so that they stay tiny).
 * Both locales, for server code; the browser loads one locale's strings (./zh-TW.ts, ./en.ts).
 */
export const runtime = { 'zh-TW': runtimeZhTW, en: runtimeEn } as const;
