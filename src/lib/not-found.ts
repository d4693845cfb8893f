/**
 * The 404 page is prerendered once per locale, so it cannot know the path that was asked for: it
 * carries this marker, and the server (src/server/site.ts) replaces it with the escaped path.
 */
export const REQUEST_PATH_MARKER = '__REQUEST_PATH__';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
