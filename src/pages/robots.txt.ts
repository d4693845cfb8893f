import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo/sitemap.ts';

/** robots.txt: /member, /cart and /dev stay out of search engines; points at the sitemap. */
export const GET: APIRoute = ({ site, url }) =>
  new Response(robotsTxt(site ?? new URL(url.origin)), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
