import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Locale } from '../../config.ts';
import { ApiError } from './errors.ts';
import { type Msg, pick } from './i18n.ts';

/**
 * Field messages that schemas name by key, e.g. `z.string().regex(PHONE_RE, { message: 'phone' })`.
 * A key not listed here falls back to a generic message for the issue's kind.
 */
export const FIELD_MESSAGES = {
  required: { zh: '此欄位為必填。', en: 'This field is required.' },
  phone: { zh: '請輸入 09 開頭的 10 碼手機號碼。', en: 'Enter a 10-digit mobile number starting with 09.' },
  email: { zh: '請輸入有效的電子郵件。', en: 'Enter a valid email address.' },
  account: { zh: '請輸入手機號碼或電子郵件。', en: 'Enter your mobile number or email address.' },
  passwordShort: { zh: '密碼至少需要 8 個字元。', en: 'The password needs at least 8 characters.' },
  passwordLong: { zh: '密碼最多 128 個字元。', en: 'The password can have at most 128 characters.' },
  passwordCommon: {
    zh: '這個密碼太常見，請換一個更不易猜到的密碼。',
    en: 'This password is too common. Choose one that is harder to guess.',
  },
  otp: { zh: '請輸入 6 位數驗證碼。', en: 'Enter the 6-digit code.' },
  purpose: { zh: '驗證碼用途不正確。', en: 'The code purpose is not valid.' },
  name: { zh: '請輸入 1 到 50 個字的姓名。', en: 'Enter a name of 1 to 50 characters.' },
  zipcode: { zh: '郵遞區號應為 3、5 或 6 碼數字。', en: 'The postal code has 3, 5 or 6 digits.' },
  city: { zh: '請選擇縣市。', en: 'Choose a city or county.' },
  area: { zh: '請選擇鄉鎮市區。', en: 'Choose a district.' },
  addr: { zh: '地址最多 200 個字。', en: 'The address can have at most 200 characters.' },
  zipcodeMismatch: {
    zh: '郵遞區號與所選的鄉鎮市區不符。',
    en: 'The postal code does not match the chosen district.',
  },
  areaNeedsCity: { zh: '請先選擇縣市，再選擇鄉鎮市區。', en: 'Choose the city or county before the district.' },
  phoneNotOwn: {
    zh: '請輸入您帳號登記的手機號碼。',
    en: 'Enter the mobile number registered to your account.',
  },
  phoneMissing: {
    zh: '您的帳號尚未登記手機號碼，請聯絡客服。',
    en: 'Your account has no mobile number on record. Please contact us.',
  },
  emailOnlyLogin: {
    zh: '您的手機號碼尚未驗證，這個電子郵件是您唯一的登入方式，無法移除。',
    en: 'Your mobile number is not verified, so this email is how you log in: it cannot be removed.',
  },
  textUnsafe: {
    zh: '請移除控制字元、文字方向覆寫字元或無效的字元。',
    en: 'Remove control characters, text-direction overrides or broken characters.',
  },
  noVisible: { zh: '請至少輸入一個看得見的字。', en: 'Enter at least one visible character.' },
  unknownField: { zh: '不允許的欄位。', en: 'This field is not allowed.' },
  invalid: { zh: '格式不正確。', en: 'The value is not valid.' },
  tooShort: { zh: '內容太短。', en: 'The value is too short.' },
  tooLong: { zh: '內容太長。', en: 'The value is too long.' },
  number: { zh: '請輸入數字。', en: 'Enter a number.' },
  wholeNumber: { zh: '請輸入整數，不能有小數。', en: 'This must be a whole number, without decimals.' },
  numberRange: { zh: '這個數字超出可接受的範圍。', en: 'This number is out of the accepted range.' },
  quantity: { zh: '數量須為 1 到 99 的整數。', en: 'The quantity is a whole number from 1 to 99.' },
  sku: { zh: '請選擇商品規格。', en: 'Choose a product option.' },
  note: { zh: '備註最多 200 個字。', en: 'The note can have at most 200 characters.' },
  addrRequired: { zh: '宅配請填寫收件地址。', en: 'Home delivery needs the street address.' },
  contact: {
    zh: '請填寫手機號碼或電子郵件其中一項，以便到貨時通知您。',
    en: 'Enter a mobile number or an email address (one of them) so we can tell you when it is back.',
  },
  contactNeeded: {
    zh: '您的帳號沒有手機號碼或電子郵件可以通知您：請填寫電子郵件（或先在會員資料加入手機號碼）。',
    en: 'Your account has no phone or email to tell you by: enter an email address (or add a mobile number to your account first).',
  },
  contactMember: {
    zh: '會員的到貨通知會寄到帳號的手機或電子郵件，無需另填。',
    en: 'A member’s alert goes to the account’s phone or email: leave these out.',
  },
  bankCode: { zh: '銀行代碼為 3 碼數字。', en: 'The bank code has 3 digits.' },
  bankAccount: { zh: '帳號為 10 到 16 碼數字。', en: 'The account number has 10 to 16 digits.' },
  bankHolder: { zh: '請輸入 1 到 50 個字的戶名。', en: 'Enter the account holder’s name, 1 to 50 characters.' },
  bankRequired: {
    zh: '這筆訂單不是信用卡付款，請填寫退款的銀行帳戶。',
    en: 'This order was not paid by card: enter the bank account to refund to.',
  },
  returnSku: { zh: '這筆訂單沒有這個商品。', en: 'This order has no such item.' },
  returnSkuTwice: { zh: '同一個商品請只列一次。', en: 'List each item once.' },
  returnReason: { zh: '請從清單選擇退貨原因。', en: 'Choose a reason from the list.' },
  stars: { zh: '請給 1 到 5 顆星。', en: 'Give 1 to 5 stars.' },
  orderNo: { zh: '請輸入訂單編號。', en: 'Enter the order number.' },
} as const satisfies Record<string, Msg>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

/** The kinds of value a field can expect, as named in the type message. */
const TYPE_NAMES: Record<string, Msg> = {
  string: { zh: '文字', en: 'text' },
  number: { zh: '數字', en: 'a number' },
  int: { zh: '整數', en: 'a whole number' },
  boolean: { zh: '是或否（true/false）', en: 'true or false' },
  object: { zh: '物件', en: 'an object' },
  array: { zh: '清單', en: 'a list' },
  null: { zh: '空值（null）', en: 'null' },
};

/** "This field must be text, not a number": what a field of the wrong type gets. */
function wrongType(expected: string, input: unknown): Msg {
  const want = TYPE_NAMES[expected] ?? { zh: expected, en: expected };
  const got =
    input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input === 'number' ? 'number' : typeof input;
  const gotName = TYPE_NAMES[got] ?? { zh: got, en: got };
  return {
    zh: `此欄位應為${want.zh}，收到的是${gotName.zh}。`,
    en: `This field must be ${want.en}, not ${gotName.en}.`,
  };
}

const NUMBER_ORIGINS = new Set(['number', 'int', 'bigint']);
const figure = (n: number | bigint) => n.toLocaleString('en-US');

function messageFor(issue: z.core.$ZodIssue): Msg {
  // A number too large for JSON's doubles (1e400) is read as Infinity: a number, yet out of range.
  const infinite = issue.code === 'invalid_type' && (issue as { received?: string }).received === 'Infinity';
  // A fraction where a whole number is expected is of the right type: the field's own message tells it.
  const fraction = issue.code === 'invalid_type' && issue.expected === 'int' && typeof issue.input === 'number';
  // A value of the wrong type says so, whatever message the schema gave the field's other rules.
  if (issue.code === 'invalid_type' && issue.input !== undefined && !fraction && !infinite) {
    return wrongType(issue.expected, issue.input);
  }
  const named = FIELD_MESSAGES[issue.message as FieldMessageKey];
  if (named) return named;
  if (infinite) return FIELD_MESSAGES.numberRange;
  if (fraction) return FIELD_MESSAGES.wholeNumber;
  switch (issue.code) {
    case 'invalid_type':
      return FIELD_MESSAGES.required;
    case 'too_small':
      if (NUMBER_ORIGINS.has(issue.origin)) {
        const min = figure(issue.minimum);
        return issue.inclusive
          ? { zh: `不得小於 ${min}。`, en: `This must be at least ${min}.` }
          : { zh: `必須大於 ${min}。`, en: `This must be more than ${min}.` };
      }
      return FIELD_MESSAGES.tooShort;
    case 'too_big':
      if (NUMBER_ORIGINS.has(issue.origin)) {
        const max = figure(issue.maximum);
        return issue.inclusive
          ? { zh: `不得大於 ${max}。`, en: `This must be at most ${max}.` }
          : { zh: `必須小於 ${max}。`, en: `This must be less than ${max}.` };
      }
      return FIELD_MESSAGES.tooLong;
    default:
      return FIELD_MESSAGES.invalid;
  }
}

/**
 * zod checks a whole number against the safe-integer range before the schema's own bounds: that
 * issue is left out when the field has another, which names the bound the schema sets.
 */
function isSafeRangeIssue(issue: z.core.$ZodIssue, issues: readonly z.core.$ZodIssue[]): boolean {
  if ((issue.code !== 'too_big' && issue.code !== 'too_small') || issue.origin !== 'int') return false;
  const path = issue.path.join('.');
  return issues.some((other) => other !== issue && other.path.join('.') === path);
}

/** Turns zod issues into `{field: message}` in the locale; the first issue of a field wins. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], locale: Locale): Record<string, string> {
  // No prototype: a `__proto__` field name must become an ordinary key.
  const out: Record<string, string> = Object.create(null);
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out[[...issue.path, key].join('.')] ??= pick(FIELD_MESSAGES.unknownField, locale);
      continue;
    }
    if (isSafeRangeIssue(issue, issues)) continue;
    const field = issue.path.length ? issue.path.join('.') : '_';
    out[field] ??= pick(messageFor(issue), locale);
  }
  return out;
}

/** Parses `value` with `schema` or throws a 400 ApiError carrying localized field errors. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, locale: Locale): z.output<S> {
  // The input on each issue tells a missing field from one of the wrong type.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const unknown = result.error.issues.some((i) => i.code === 'unrecognized_keys');
  throw new ApiError(unknown ? 'UNKNOWN_FIELD' : 'VALIDATION_FAILED', {
    fields: fieldErrors(result.error.issues, locale),
  });
}

/** A 400 VALIDATION_FAILED naming one field, for rules a schema cannot check (e.g. against the database). */
export function fieldError(field: string, key: FieldMessageKey, locale: Locale): ApiError {
  return new ApiError('VALIDATION_FAILED', { fields: { [field]: pick(FIELD_MESSAGES[key], locale) } });
}

const JSON_MEDIA_TYPE_RE = /^application\/json\s*(?:;|$)/i;

/**
 * Reads and validates a JSON body. A body not declared `application/json` is a 415 before it is
 * read: only that type makes another site's page go through a CORS preflight, so a form or a
 * `text/plain` fetch from elsewhere cannot reach a handler. Invalid JSON is a 400; the prototype
 * keys never survive JSON.parse into our objects because schemas are strict.
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  if (!JSON_MEDIA_TYPE_RE.test(c.req.header('content-type') ?? '')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch (cause) {
    throw new ApiError('INVALID_JSON', { cause });
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ApiError('BODY_NOT_OBJECT');
  return parseOr400(schema, raw, c.get('locale'));
}

/** Route middleware for routes that take no query parameters: any parameter is a 400 UNKNOWN_FIELD. */
export const noQuery = createMiddleware(async (c, next) => {
  parseOr400(NO_QUERY, c.req.query(), c.get('locale'));
  await next();
});
const NO_QUERY = z.strictObject({});

/** Validates the query string (every value a string) with `schema`. */
export function queryOf<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseOr400(schema, c.req.query(), c.get('locale'));
}
