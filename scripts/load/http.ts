/** What one request of the suite saw. */
export interface Answer {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the suite reads arbitrary JSON envelopes
  json: any;
  ms: number;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  /** A raw body sent as is (with its own content type in `headers`). */
  raw?: string | Uint8Array<ArrayBuffer>;
  token?: string;
  /** Client address, through X-Forwarded-For (the servers trust it). */
  ip?: string;
  lang?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Longest any single request of the suite may take before it counts as a failure. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** One JSON request to an API base (`http://127.0.0.1:<port>/api`). Never throws for an HTTP status. */
export async function call(base: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'zh-TW' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  Object.assign(headers, opts.headers);
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    redirect: 'manual',
    signal: AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, ms, headers: res.headers };
}

/** Counts of each status among answers, e.g. `1 × 201, 49 × 409`. */
export function statusSummary(answers: { status: number }[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${n} × ${s}`)
    .join(', ');
}

/** Addresses of TEST-NET-2 (198.51.100.0/24 and on), a distinct one per call, so limits per address stay apart. */
let ipSeq = 0;
export function freshIp(): string {
  const n = ++ipSeq;
  return `198.51.${100 + ((n >> 8) & 0x1f)}.${n & 255}`;
}

/** True when a body looks like it leaked internals: a stack frame, a file path, an SQL error. */
export function leaksInternals(text: string): boolean {
  return /\n\s+at |node:internal|\/src\/|\.ts:\d+|SQLITE_|syntax error at|TypeError|ReferenceError/.test(text);
}
