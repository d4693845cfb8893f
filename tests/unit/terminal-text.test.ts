import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardConsole } from '../../scripts/lib/terminal.ts';
import {
  forTerminal,
  jsonForTerminal,
  terminalSafe,
  terminalSafeLines,
} from '../../src/server/common/terminal-text.ts';
import { withoutControls } from '../../src/server/common/text-rules.ts';
import { parcelArrivedText } from '../../src/server/orders/order-sms.ts';

const HOSTILE = '馬公\u001b[2J\u001b]0;pwned\u0007\u009b31m門市\u202Egnp.exe\u2066x\u2069\r\n\ud800';
// No C0 or C1 control, bidirectional character, separator or lone surrogate is left.
const UNSAFE = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

describe('text for the owner’s terminal', () => {
  it('shows controls, direction overrides and broken characters as visible escapes', () => {
    const shown = terminalSafe(HOSTILE);
    expect(shown).not.toMatch(UNSAFE);
    expect(shown).toBe('馬公\\x1b[2J\\x1b]0;pwned\\x07\\x9b31m門市\\u202egnp.exe\\u2066x\\u2069\\r\\n\\ud800');
    expect(terminalSafe('建盛門市 (131386) 臺北市內湖區')).toBe('建盛門市 (131386) 臺北市內湖區');
  });

  it('keeps a message’s own line breaks and tabs, and escapes values in a template', () => {
    expect(terminalSafeLines('a\tb\nc\u001b[0m')).toBe('a\tb\nc\\x1b[0m');
    const name = 'x\ny\u001b';
    expect(forTerminal`To: ${name}\n(next)`).toBe('To: x\\ny\\x1b\n(next)');
  });

  it('prints JSON that stays JSON and carries no C1 or bidirectional characters', () => {
    const value = { name: HOSTILE.replace('\ud800', '') };
    const text = jsonForTerminal(value);
    expect(text.split('\n').join('')).not.toMatch(UNSAFE);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('guardConsole', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes every string an owner tool prints safe for the terminal', () => {
    const seen: unknown[][] = [];
    const spy = (...args: unknown[]) => void seen.push(args);
    const saved = { log: console.log, error: console.error };
    console.log = spy;
    console.error = spy;
    try {
      guardConsole();
      console.log(`To: ${HOSTILE}`, 42);
      console.error('refused:\n\u001b[31mred');
    } finally {
      console.log = saved.log;
      console.error = saved.error;
    }
    expect(String(seen[0]?.[0]).replaceAll('\n', '')).not.toMatch(UNSAFE);
    expect(seen[0]?.[1]).toBe(42);
    expect(seen[1]).toEqual(['refused:\n\\x1b[31mred']);
  });
});

describe('texts sent on', () => {
  it('drop controls and overrides from a stored store name in the parcel text', () => {
    expect(withoutControls(HOSTILE)).toBe('馬公[2J]0;pwned31m門市gnp.exex');
    const text = parcelArrivedText({ no: 'SW1', locale: 'zh-TW', store: HOSTILE, deadline: Date.UTC(2026, 10, 30) });
    expect(text).not.toMatch(UNSAFE);
    expect(text).toContain('已送達馬公[2J]0;pwned31m門市gnp.exex');
  });
});
