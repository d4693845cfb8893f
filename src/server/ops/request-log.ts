import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'hono';
import { routePath } from 'hono/route';
import { log } from '../common/log.ts';
import type { AppEnv } from '../context.ts';
import { httpDuration } from './metrics.ts';

/** An X-Request-Id taken as given: short, and only characters that are safe in a log line. */
const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the caller's (a load balancer's) X-Request-Id when sane, else a new one. */
export function requestIdOf(given: string | undefined): string {
  return given && REQUEST_ID_RE.test(given) ? given : randomUUID();
}

/**
 * One JSON line per request (issue 30): id, method, route pattern (never the path: no ids, tokens
 * or query strings), status, duration and the client address as the app derives it; and the
 * duration in http_request_duration_seconds. Runs after the middleware that sets `ip`.
 */
export async function requestLog(c: Context<AppEnv>, next: Next): Promise<void> {
  const started = performance.now();
  await next();
  const seconds = (performance.now() - started) / 1000;
  // The last matched route is the handler's pattern; an unmatched path ends on a middleware's `*`.
  const route = routePath(c, -1) || '*';
  const status = c.res.status;
  httpDuration.observe({ method: c.req.method, route, status: String(status) }, seconds);
  log.info(
    {
      event: 'request',
      requestId: c.get('requestId'),
      method: c.req.method,
      route,
      status,
      durationMs: Math.round(seconds * 100_000) / 100,
      client: c.get('ip'),
    },
    'request',
  );
}
