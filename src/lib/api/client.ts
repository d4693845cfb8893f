import { createFetch, type FetchOptions } from 'ofetch';
import { RETRY_STATUSES } from '../../config.ts';
import { camelKeys, snakeKeys } from './case.ts';

/** A failed API call: the envelope's message (or 'unexpected error'), its code and field errors. */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string>;
  constructor(
    message: string,
    opts: { status: number; code?: string; fields?: Record<string, string>; cause?: unknown },
  ) {
    super(message, { cause: opts.cause });
    this.name = 'ApiClientError';
    this.status = opts.status;
    this.code = opts.code;
    this.fields = opts.fields ?? {};
  }
}

export const UNEXPECTED_ERROR = 'unexpected error';

interface Envelope {
  status?: unknown;
  result?: unknown;
  message?: unknown;
  code?: unknown;
  errors?: unknown;
}

export interface ApiClientOptions {
  /** Base URL; '' means same origin. */
  baseURL: string;
  /** Custom fetch (e.g. the in-process shop API at build time). */
  fetch?: typeof globalThis.fetch;
  /** Returns the bearer token, if any. */
  getToken?: () => string | undefined;
  /** Returns the request language (Accept-Language). */
  getLocale?: () => string;
  /** Called with every failure before it is thrown (the error modal hooks in here). */
  onError?: (error: ApiClientError) => void;
  /** Called when a request starts and when it settles (the loading bar hooks in here). */
  onActivity?: (event: 'start' | 'success' | 'failure') => void;
}

export type RequestOptions = Omit<FetchOptions<'json'>, 'query' | 'body'> & {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** Do not report this failure to `onError` (the caller shows it inline). */
  silent?: boolean;
};

function fromEnvelope(body: unknown, httpStatus: number, cause?: unknown): ApiClientError {
  const env = (body && typeof body === 'object' ? body : {}) as Envelope;
  const message = typeof env.message === 'string' && env.message ? env.message : UNEXPECTED_ERROR;
  const fields = env.errors && typeof env.errors === 'object' ? (env.errors as Record<string, string>) : undefined;
  return new ApiClientError(message, {
    status: httpStatus,
    code: typeof env.code === 'string' ? env.code : undefined,
    fields: fields ? camelKeys<Record<string, string>>(fields) : undefined,
    cause,
  });
}

/**
 * The one API client (spec sections 7 and 8): result keys to camelCase, query and body keys to
 * snake_case; idempotent requests retried once on the retry statuses, POST/PUT/PATCH/DELETE never;
 * a falsy `status` throws the message or 'unexpected error'.
 */
export function createApiClient(opts: ApiClientOptions) {
  const $fetch = createFetch({ fetch: opts.fetch ?? ((...a) => globalThis.fetch(...a)) });

  async function request<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
    const { query, body, silent, ...rest } = o;
    const headers = new Headers(rest.headers as HeadersInit | undefined);
    const token = opts.getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const locale = opts.getLocale?.();
    if (locale) headers.set('Accept-Language', locale);
    let envelope: Envelope;
    let outcome: 'success' | 'failure' = 'failure';
    opts.onActivity?.('start');
    try {
      envelope = await $fetch<Envelope>(path, {
        ...rest,
        method,
        baseURL: opts.baseURL || undefined,
        headers,
        query: query ? snakeKeys(query, false) : undefined,
        body: body ? snakeKeys(body) : undefined,
        retryStatusCodes: [...RETRY_STATUSES],
      });
      if (!envelope?.status) throw fromEnvelope(envelope, 200);
      outcome = 'success';
    } catch (err) {
      const e = err as { data?: unknown; response?: Response; statusCode?: number };
      const failure =
        err instanceof ApiClientError ? err : fromEnvelope(e.data, e.response?.status ?? e.statusCode ?? 0, err);
      if (!silent) opts.onError?.(failure);
      throw failure;
    } finally {
      opts.onActivity?.(outcome);
    }
    return camelKeys<T>(envelope.result);
  }

  return {
    get: <T>(path: string, o?: RequestOptions) => request<T>('GET', path, o),
    post: <T>(path: string, o?: RequestOptions) => request<T>('POST', path, o),
    patch: <T>(path: string, o?: RequestOptions) => request<T>('PATCH', path, o),
    put: <T>(path: string, o?: RequestOptions) => request<T>('PUT', path, o),
    delete: <T>(path: string, o?: RequestOptions) => request<T>('DELETE', path, o),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
