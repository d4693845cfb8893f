/**
 * The 404 page is prerendered once per locale and served as built, precompressed, to every unknown
 * path: the path it was asked for goes into its `[data-request-path]` element on the page, by this
 * inline script placed right after it, so the server never renders or compresses a page per request.
 */
export const REQUEST_PATH_SCRIPT =
  '(()=>{const e=document.querySelector("[data-request-path]");if(!e)return;let p=location.pathname;try{p=decodeURIComponent(p)}catch(x){}e.textContent=p})()';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
