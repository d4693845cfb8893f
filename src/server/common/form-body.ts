import type { Context } from 'hono';

/**
 * The fields of a provider's form POST (`application/x-www-form-urlencoded`, as ECPay sends them),
 * for the few routes that take one instead of JSON; null for any other body, a file or a repeated name.
 */
export async function readFormBody(c: Context): Promise<Record<string, string> | null> {
  if (!(c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) return null;
  const body = await c.req.parseBody({ all: true });
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(body)) {
    if (typeof v !== 'string') return null;
    out[k] = v;
  }
  return out;
}
