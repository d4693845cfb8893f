/**
 * The console's figures (issue 31). Kept here, not in src/config.ts: config.ts rides in the file
 * every storefront page loads (build/chunk-groups.mjs), and each of its constants that a console
 * island imported would be exported from that file too, adding bytes to every storefront page.
 */

/** The staff token's cookie, apart from the member's `accessToken`. */
export const STAFF_TOKEN_COOKIE = 'staffToken';
/** A staff session ends 12 hours after sign-in whatever happens: the cookie lives no longer. */
export const STAFF_TOKEN_MAX_AGE_S = 12 * 3600;
/** Rows a page of the console's lists. */
export const ADMIN_PAGE_SIZE = 20;
/** The most orders one label sheet takes (POST /api/admin/orders/labels). */
export const ADMIN_LABELS_MAX = 50;
