import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { ApiError } from '../common/errors.ts';
import { noQuery } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { registry, renderMetrics } from './metrics.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/metrics in Prometheus' text format: for a Bearer METRICS_TOKEN, or for a request from this
 * machine itself. A request that came through a proxy (it carries X-Forwarded-For or Forwarded) is
 * never taken as local, whatever the proxy's own address, so a load balancer on the same host does
 * not open the metrics to everyone.
 */
export const metrics = new Hono<AppEnv>().get('/', noQuery, async (c) => {
  const deps = c.get('deps');
  const token = deps.env.METRICS_TOKEN;
  const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  const proxied = c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined;
  const local = !proxied && LOOPBACK.has(c.get('ip'));
  if (!(token && bearer && sameToken(bearer, token)) && !local) throw new ApiError('METRICS_REFUSED');
  const body = await renderMetrics(deps);
  c.header('Cache-Control', 'no-store');
  return c.body(body, 200, { 'Content-Type': registry.contentType });
});
