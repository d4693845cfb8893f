import { describe, expect, it } from 'vitest';
import { textProblem, withoutControls } from '../../src/server/common/text-rules.ts';

/** Invisible characters that break or turn a line: separators, direction marks, embeddings, overrides, isolates. */
const LINE_INVISIBLE = [
  '\u2028',
  '\u2029',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const hex = (ch: string) => `U+${ch.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;

describe('the one-line text rules', () => {
  it.each(LINE_INVISIBLE.map((ch) => [hex(ch), ch]))('refuse %s in a one-line field', (_name, ch) => {
    expect(textProblem(`王小明${ch}收`)).toBe('textUnsafe');
  });

  it('keep visible text, including right-to-left letters and zero-width joiners in emoji', () => {
    for (const s of ['王小明', 'Café Lin', 'שלום', 'مرحبا', '👩‍👩‍👧', 'A–Z “quoted”'])
      expect(textProblem(s)).toBeNull();
  });

  it('keep line breaks, and direction marks of right-to-left prose, in multi-line text', () => {
    expect(textProblem('第一行\n第二行\r\n第三行', true)).toBeNull();
    expect(textProblem('שלום\u200F (abc)', true)).toBeNull();
    expect(textProblem('bad\u202Eoverride', true)).toBe('textUnsafe');
  });

  it('withoutControls drops every one of them from a stored line sent on', () => {
    expect(withoutControls(`7-ELEVEN ${LINE_INVISIBLE.join('')}門市\n`)).toBe('7-ELEVEN 門市');
  });
});
