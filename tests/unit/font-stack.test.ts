import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CSS = readFileSync(join(import.meta.dirname, '../../src/styles/global.css'), 'utf8');
/** The Traditional Chinese families of the shop's stack: Apple, Android and Linux, Windows. */
const CJK = ['"PingFang TC"', '"Noto Sans TC"', '"Microsoft JhengHei"', '"Noto Sans CJK TC"'];

/** The families of the first `font-family` in the rule for `selector`. */
function stack(selector: string): string[] {
  const rule = new RegExp(`(^|\\n)${selector.replace(/[()[\]:]/g, '\\$&')}\\s*\\{([^}]*)\\}`).exec(CSS);
  const families = /font-family:\s*([^;]+);/.exec(rule?.[2] ?? '');
  return (families?.[1] ?? '').split(',').map((f) => f.trim());
}

describe('the font stack', () => {
  it('draws a Chinese page in its CJK face from the first family, Latin letters too (one face per size, issue 43)', () => {
    const zh = stack(':root:lang(zh)');
    expect(zh.slice(0, CJK.length)).toEqual(CJK);
    expect(zh.slice(CJK.length)).toEqual(['system-ui', 'sans-serif']);
  });

  it('draws an English page in the system face first, with the CJK faces for any Chinese in it', () => {
    const en = stack(':root');
    expect(en[0]).toBe('system-ui');
    expect(en.slice(1, 1 + CJK.length)).toEqual(CJK);
  });
});
