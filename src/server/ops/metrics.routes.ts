import { timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { ApiError } from '../common/errors.ts';
import { noQuery } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { registry, renderMetrics } from './metrics.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** The names a request to this machine itself is addressed to (Host, its port aside). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Headers a proxy adds: nginx sends neither X-Forwarded-For nor Forwarded by default, but often these. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via'];

/** `localhost:4321` → `localhost`, `[::1]:4321` → `[::1]`. */
const hostName = (host: string): string => host.trim().toLowerCase().replace(/:\d*$/, '');

/**
 * Whether the request came from this machine and straight to it: a loopback address, no header a
 * proxy adds, and a Host that names this machine (a proxy passing the public name in Host is not).
 */
function isLocal(c: Context<AppEnv>): boolean {
  if (PROXY_HEADERS.some((h) => c.req.header(h) !== undefined)) return false;
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return LOOPBACK.has(c.get('ip')) && LOOPBACK_HOSTS.has(hostName(host));
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/metrics in Prometheus' text format: for a Bearer METRICS_TOKEN, or for a request from this
 * machine itself (isLocal). A request that came through a proxy (it carries X-Forwarded-For,
 * Forwarded, X-Real-IP or Via, or a Host other than a loopback name) is never taken as local, whatever
 * the proxy's own address, so a load balancer on the same host does not open the metrics to everyone:
 * behind a proxy, a monitor sends METRICS_TOKEN.
 */
export const metrics = new Hono<AppEnv>().get('/', noQuery, async (c) => {
  const deps = c.get('deps');
  const token = deps.env.METRICS_TOKEN;
  const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (!(token && bearer && sameToken(bearer, token)) && !isLocal(c)) throw new ApiError('METRICS_REFUSED');
  const body = await renderMetrics(deps);
  c.header('Cache-Control', 'no-store');
  return c.body(body, 200, { 'Content-Type': registry.contentType });
});
