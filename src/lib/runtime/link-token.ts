/** A link secret as emails carry it: 128 random bits in base64url (the server's TOKEN_RE). */
const LINK_TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;

/**
 * The secret of an email link, read from the address fragment (`#token=...`), which is never sent
 * to a server; null when it is missing or malformed.
 */
export function linkTokenFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && LINK_TOKEN_RE.test(token) ? token : null;
}
