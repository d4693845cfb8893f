/**
 * The shop's icon (public/favicon.svg) as the `href` of every page's `<link rel="icon">`: a data URL, so
 * that no page load asks the server for it. Chromium asks for a page's icon while the page loads
 * (after its first images, before its largest paint on a busy phone), and on HTTP/1.1 that request
 * takes a connection of its own, which Lighthouse counts on the path to the largest paint.
 * The file stays for the structured data's logo and anything else that links it.
 */
import svg from '../../public/favicon.svg?raw';

/** `data:image/svg+xml,…` of the icon, its characters percent-encoded (the page's CSP allows data: images). */
export const FAVICON_HREF = `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;
