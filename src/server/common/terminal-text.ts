/**
 * Text from the database or a provider, made safe to print on the owner's terminal: C0 and C1
 * controls (ESC and CSI start escape sequences that can move the cursor, rewrite earlier lines,
 * set the window title or write to the clipboard), bidirectional embeddings, overrides, isolates and
 * marks (they make a line read in another order than it is stored), line and paragraph separators
 * and lone surrogates are shown as visible escapes (`\x1b`, `\u202e`) instead of acting.
 */
const UNSAFE_RE = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/gu;
const UNSAFE_KEEPING_LINES_RE = /(?![\t\n])[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/gu;

function escapeOf(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One stored value for a terminal line: every control shown escaped, new lines and tabs too. */
export const terminalSafe = (text: string): string => text.replace(UNSAFE_RE, escapeOf);

/** A whole message for the terminal: as terminalSafe, but its own line breaks and tabs kept. */
export const terminalSafeLines = (text: string): string => text.replace(UNSAFE_KEEPING_LINES_RE, escapeOf);

/** A template tag that passes its literal parts and shows each interpolated value with terminalSafe. */
export function forTerminal(parts: TemplateStringsArray, ...values: unknown[]): string {
  return parts.reduce((out, part, i) => out + part + (i < values.length ? terminalSafe(String(values[i])) : ''), '');
}

/**
 * JSON for the terminal: JSON.stringify escapes C0 controls and lone surrogates but passes C1
 * controls and bidirectional characters as they are; these become `\uXXXX` too (the JSON stays valid).
 */
export const jsonForTerminal = (value: unknown): string =>
  (JSON.stringify(value, null, 2) ?? '').replace(UNSAFE_KEEPING_LINES_RE, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return `\\u${code.toString(16).padStart(4, '0')}`;
  });
