import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Locale } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import type { Msg } from '../common/i18n.ts';
import type { AppEnv } from '../context.ts';
import { isProduction } from '../env.ts';

/**
 * What the local provider simulators share: the production guard, form reading and small,
 * accessible server-rendered pages (no client framework; one inline script that auto-submits).
 */

/** Refuses every simulator route when NODE_ENV=production, unless ALLOW_SIMULATORS=1. */
export const simulatorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const env = c.get('deps').env;
  if (isProduction(env) && env.ALLOW_SIMULATORS !== '1') throw new ApiError('SIMULATOR_OFF');
  await next();
};

/** The form fields of a urlencoded or multipart POST; files and repeated names are refused (null). */
export async function readForm(c: Context): Promise<Record<string, string> | null> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return null;
  let body: Awaited<ReturnType<typeof c.req.parseBody>>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    // A body that is not the form it claims (a multipart type without its boundary, say): no form.
    return null;
  }
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(body)) {
    if (typeof v !== 'string') return null;
    out[k] = v;
  }
  return out;
}

/** Escapes text for HTML element content and quoted attribute values. */
export function esc(text: string | number): string {
  return String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Hidden inputs carrying `fields` unchanged through a form POST. */
export const hiddenInputs = (fields: Record<string, string>): string =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f6f6f4}
main{max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:1.4rem}.note{background:#fff3cd;padding:.5rem .75rem;border-radius:6px}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input,select,button{font:inherit;box-sizing:border-box;min-height:44px}
input,select{width:100%;padding:.4rem;border:1px solid #767676;border-radius:6px;background:#fff}
button{padding:.5rem 1rem;border:0;border-radius:6px;background:#0b5cad;color:#fff;cursor:pointer;margin-top:.75rem}
button.secondary{background:#595959}:focus-visible{outline:3px solid #e07b00;outline-offset:2px}
ul.list{list-style:none;padding:0}ul.list li{background:#fff;border:1px solid #ddd;border-radius:8px;padding:.75rem;margin:.5rem 0}
.error{color:#a40000;font-weight:600}.row{display:flex;gap:.5rem;flex-wrap:wrap}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem}dt{font-weight:600}`;
const SCRIPT = "document.getElementById('auto').submit();";
const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const CSP = `default-src 'none'; style-src ${hash(STYLE)}; script-src ${hash(SCRIPT)}; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'`;

const SIM_NOTE: Msg = {
  zh: '這是本機模擬器，不會產生真實交易。',
  en: 'This is a local simulator; nothing real happens here.',
};

/** A whole simulator page in the request's language. `autoSubmit` submits the form with id `auto` on load. */
export function page(
  c: Context<AppEnv>,
  title: string,
  main: string,
  opts: { status?: 200 | 400 | 403; autoSubmit?: boolean } = {},
) {
  const locale: Locale = c.get('locale');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>
<h1>${esc(title)}</h1><p class="note">${esc(SIM_NOTE[locale === 'en' ? 'en' : 'zh'])}</p>${main}</main>
${opts.autoSubmit ? `<script>${SCRIPT}</script>` : ''}</body></html>`;
  c.header('Content-Security-Policy', CSP);
  c.header('Cache-Control', 'no-store');
  return c.html(html, opts.status ?? 200);
}

/** The form with id `auto` that posts `fields` to `action`, with a visible button for when scripts are off. */
export function autoPostForm(action: string, fields: Record<string, string>, button: string): string {
  return `<form id="auto" method="post" action="${esc(action)}">${hiddenInputs(fields)}<button type="submit">${esc(button)}</button></form>`;
}

/** A translator over a simulator's own texts: `say(key, {n: 1})` in the request's language. */
export function sayer<K extends string>(texts: Record<K, Msg>, locale: Locale) {
  return (key: K, params: Record<string, string | number> = {}): string =>
    texts[key][locale === 'en' ? 'en' : 'zh'].replace(/\{(\w+)\}/g, (m, k: string) =>
      k in params ? String(params[k]) : m,
    );
}

/** The 400 page listing what is wrong with a request. */
export const problemPage = (c: Context<AppEnv>, title: string, lines: string[]) =>
  page(c, title, `<ul class="error" role="alert">${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`, {
    status: 400,
  });
