import { describe, expect, it } from 'vitest';
import { CONSOLE_PROBLEMS, PROBLEMS, problemReason } from '../../src/server/catalog/admin/messages.ts';
import { ADMIN_ERRORS } from '../../src/server/common/errors-admin.ts';
import { REFUSALS, type RefusalCode, refusalIn } from '../../src/server/common/refusals.ts';

/** A command-line flag or a command to run: the console has boxes and buttons instead. */
const CLI_WORDS = /(?<![\w-])--[a-z]|npm run|\brun (ship|cancel|deliver)\b/;
const HAN = /\p{Script=Han}/u;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('every refusal the console can show has its own text in both languages', () => {
  const codes = Object.keys(REFUSALS) as RefusalCode[];

  it('the catalogue holds the order, promotion and catalog refusals', () => {
    expect(codes).toEqual(expect.arrayContaining(['order_state', 'percent_range', 'price_whole', 'parcel_no_cancel']));
  });

  it.each(codes)('%s: Chinese and English, the same placeholders, no command-line words', (code) => {
    const { zh, en } = REFUSALS[code];
    expect(zh.trim()).not.toBe('');
    expect(en.trim()).not.toBe('');
    expect(zh).toMatch(HAN);
    expect(en).not.toMatch(HAN);
    expect(placeholders(zh)).toEqual(placeholders(en));
    expect(zh).not.toMatch(CLI_WORDS);
    expect(en).not.toMatch(CLI_WORDS);
    const params = Object.fromEntries(placeholders(en).map((p) => [p, { zh: '值', en: 'value' }]));
    expect(refusalIn({ code, params }, 'zh-TW')).not.toMatch(/\{\w+\}|value/);
    expect(refusalIn({ code, params }, 'en')).not.toMatch(/\{\w+\}|值/);
  });

  it.each(Object.keys(ADMIN_ERRORS))('the console error %s: both languages, no command-line words', (code) => {
    const { zh, en } = ADMIN_ERRORS[code as keyof typeof ADMIN_ERRORS];
    expect(zh).toMatch(HAN);
    expect(en).not.toMatch(HAN);
    expect(`${zh} ${en}`).not.toMatch(CLI_WORDS);
  });

  it.each(Object.keys(PROBLEMS))('the import problem %s as the console words it: no command-line words', (code) => {
    const args = { value: 'x', line: 2, max: 3, n: 9, total: 10, name: 'n', handle: 'h', allowed: 'a', reason: 'r' };
    for (const locale of ['zh-TW', 'en'] as const) {
      const text = problemReason(locale, code as keyof typeof PROBLEMS, args, 'console');
      expect(text).not.toMatch(CLI_WORDS);
      expect(text.trim()).not.toBe('');
    }
  });

  it('the terminal keeps the command’s own words where the console names its boxes', () => {
    expect(Object.keys(CONSOLE_PROBLEMS)).toContain('withdraw_too_many');
    expect(problemReason('en', 'withdraw_too_many', { n: 9, total: 10 }, 'terminal')).toContain('--yes');
  });
});
