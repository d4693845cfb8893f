/**
 * During a build, every rendered page goes to scripts/lib/page-twins.ts, which defers its scripts
 * and compresses it while the next pages render. Anywhere else (`astro dev`), pages pass through.
 */
import { defineMiddleware } from 'astro:middleware';
import { takingPages, twinPage } from '../scripts/lib/page-twins.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!takingPages() || response.status !== 200) return response;
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const body = await twinPage(context.url.pathname, await response.text());
  return new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>, {
    status: response.status,
    headers: response.headers,
  });
});
