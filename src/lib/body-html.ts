import sanitizeHtml from 'sanitize-html';

/**
 * Product bodies: Shopify's `Body (HTML)` is HTML, the demo's and the owner's own texts are plain
 * text (paragraphs between blank lines, `## ` headings). A body with a tag or an entity in it is
 * HTML and keeps only this subset: paragraphs, line breaks, lists, emphasis, headings (an `h1` becomes
 * an `h2`: the page has its own), links (http, https, mailto; `rel="noopener nofollow"`) and images
 * from the shop's own media folder. No scripts, styles, event handlers, frames or other attributes.
 * Server and build only (not shipped to the browser).
 */
const HTML_RE = /<\/?[a-z][a-z0-9]*[\s/>]|&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/i;

/** Where the shop serves its own photos (MEDIA_URL); no `..` may climb out of it. */
const OWN_MEDIA_RE = /^(?!.*\/\.\.?(?:\/|$))\/media\/[^\s\\?#]+$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'em', 'strong', 'b', 'i', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'img'],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h2',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener nofollow' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_MEDIA_RE.test(frame.attribs.src ?? ''),
};

/** Whether a stored body is HTML (rendered as such) rather than plain text. */
export const isHtmlBody = (body: string): boolean => HTML_RE.test(body);

/** The safe subset of an HTML body (plain text is returned as it is). */
export const safeBodyHtml = (body: string): string => (isHtmlBody(body) ? sanitizeHtml(body, OPTIONS) : body);

/** An HTML body as plain text (for a page's meta description): paragraphs between blank lines. */
export function bodyText(body: string): string {
  if (!isHtmlBody(body)) return body;
  const text = sanitizeHtml(body.replace(/<\/(p|li|h[1-6])>|<br\s*\/?>/gi, '$&\n\n'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}
