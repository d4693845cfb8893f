import { z } from 'zod';

/** C0 and C1 controls; multi-line text keeps tab, line feed and carriage return. */
const LINE_CONTROL_RE = /\p{Cc}/u;
const TEXT_CONTROL_RE = /(?![\t\n\r])\p{Cc}/u;
/** Embeddings, overrides and isolates: they make text read in another order than it is stored. */
const BIDI_CONTROL_RE = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * Invisible in one line of text, yet acting: the line and paragraph separators (a new line in a
 * plain-text mail or a webhook's text) and the direction marks (left-to-right, right-to-left, Arabic
 * letter mark), which turn the order a line reads in.
 */
const LINE_INVISIBLE_RE = /[\u2028\u2029\u200E\u200F\u061C]/;
/** A letter, digit, punctuation mark or symbol: something a reader sees. */
const VISIBLE_RE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * Why `s` cannot be stored as text, as a FIELD_MESSAGES key, or null: a lone surrogate (not valid
 * Unicode), a control character (NUL cuts strings short in SQLite and is refused by PostgreSQL), a
 * bidirectional override, or in one line (not `multiline`) an invisible line separator or direction mark.
 */
export function textProblem(s: string, multiline = false): 'textUnsafe' | null {
  if (!s.isWellFormed()) return 'textUnsafe';
  if ((multiline ? TEXT_CONTROL_RE : LINE_CONTROL_RE).test(s)) return 'textUnsafe';
  if (BIDI_CONTROL_RE.test(s)) return 'textUnsafe';
  if (!multiline && LINE_INVISIBLE_RE.test(s)) return 'textUnsafe';
  return null;
}

const UNSAFE_ALL_RE = /\p{Cc}|[\u202A-\u202E\u2066-\u2069\u2028\u2029\u200E\u200F\u061C]|\p{Cs}/gu;

/**
 * `s` without control characters, direction overrides and marks, line separators or broken
 * characters: for a stored one-line text sent on (a text message) when it may predate the text rules.
 */
export const withoutControls = (s: string): string => s.replace(UNSAFE_ALL_RE, '');

/** Whether `s` has at least one visible character (not only spaces, zero-width or format characters). */
export const hasVisible = (s: string): boolean => VISIBLE_RE.test(s);

/**
 * A string field of text people type: refused with a field error when it carries characters that
 * are not text (see textProblem), then NFC-normalized and trimmed, between `min` and `max`
 * characters. `visible` also refuses text with nothing visible in it.
 */
export function textField(opts: {
  max: number;
  min?: number;
  multiline?: boolean;
  visible?: boolean;
  tooShort?: string;
  tooLong?: string;
}) {
  const checked = z
    .string()
    .superRefine((s, ctx) => {
      const problem = textProblem(s, opts.multiline);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
    })
    .transform((s) => s.normalize('NFC').trim());
  let out = z.string();
  if (opts.min) out = out.min(opts.min, { message: opts.tooShort ?? 'required' });
  out = out.max(opts.max, { message: opts.tooLong ?? 'tooLong' });
  const sized = checked.pipe(out);
  return opts.visible ? sized.refine((s) => s === '' || hasVisible(s), { message: 'noVisible' }) : sized;
}
