import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, ERRORS, type ErrorCode, fillMessage, type MessageParams } from './errors.ts';
import { pick } from './i18n.ts';
import { log } from './log.ts';

/** `{total, limit, current, page_count, data}`: the paged list of the wire format. */
export interface Paged<T> {
  total: number;
  limit: number;
  current: number;
  page_count: number;
  data: T[];
}

export function paged<T>(data: T[], total: number, current: number, limit: number): Paged<T> {
  return { total, limit, current, page_count: Math.max(1, Math.ceil(total / limit)), data };
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
/** The JSON text of each answer built by ok(), for readers that would otherwise read the body back. */
const jsonTexts = new WeakMap<Response, string>();

/** Success envelope. */
export function ok<T>(c: Context, result: T, message = '') {
  const text = JSON.stringify({ status: true, result, message });
  const res = c.body(text, undefined, JSON_TYPE);
  jsonTexts.set(res, text);
  return res;
}

/** The JSON text `res` was built from by ok(), or undefined for any other response. */
export const jsonTextOf = (res: Response): string | undefined => jsonTexts.get(res);

/** Failure envelope for a catalogue code, in the request's locale. */
export function failBody(
  code: ErrorCode,
  locale: 'zh-TW' | 'en',
  fields?: Record<string, string>,
  params?: MessageParams,
) {
  return {
    status: false,
    result: null,
    message: fillMessage(pick(ERRORS[code], locale), params, locale),
    code,
    ...(fields ? { errors: fields } : {}),
  };
}

/** The one error handler: every failure answers the envelope, never a stack trace. */
export function toErrorResponse(c: Context, err: unknown) {
  const locale = c.get('locale') ?? 'zh-TW';
  if (err instanceof ApiError) {
    if (err.retryAfterS !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterS))));
    return c.json(failBody(err.code, locale, err.fields, err.params), err.status as ContentfulStatusCode);
  }
  log.error({ event: 'unhandled_error', requestId: c.get('requestId'), err }, 'unhandled error');
  return c.json(failBody('INTERNAL', locale), 500);
}
