import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * LINE's ID tokens for web login: JWTs signed HS256 with the channel secret (developers.line.biz,
 * "Get profile information from ID tokens": header {typ, alg}, payload iss, sub, aud, exp, iat,
 * nonce, amr, name, picture, email). Signed by the simulator, checked by the shop.
 */
export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  nonce?: string;
  amr?: string[];
  name?: string;
  picture?: string;
  email?: string;
}

const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const mac = (secret: string, input: string) => createHmac('sha256', secret).update(input).digest();

export function signIdToken(claims: IdTokenClaims, channelSecret: string): string {
  const input = `${b64(JSON.stringify({ typ: 'JWT', alg: 'HS256' }))}.${b64(JSON.stringify(claims))}`;
  return `${input}.${mac(channelSecret, input).toString('base64url')}`;
}

export type IdTokenProblem = 'malformed' | 'signature' | 'issuer' | 'audience' | 'expired' | 'nonce';

/**
 * The claims of `token` when its HS256 signature with `channelSecret` holds, its issuer is LINE's,
 * its audience the channel, it has not expired at `nowS` (seconds) and, when given, its nonce is
 * `nonce`; otherwise which check failed.
 */
export function checkIdToken(
  token: string,
  opts: { channelId: string; channelSecret: string; nowS: number; issuer: string; nonce?: string },
): { claims: IdTokenClaims } | { problem: IdTokenProblem } {
  const parts = token.split('.');
  if (parts.length !== 3) return { problem: 'malformed' };
  const [head, body, sig] = parts as [string, string, string];
  let header: { alg?: unknown };
  let claims: IdTokenClaims;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { problem: 'malformed' };
  }
  // Only HS256: a token naming `none` or another algorithm is not LINE's web-login token.
  if (header.alg !== 'HS256' || typeof claims !== 'object' || claims === null) return { problem: 'signature' };
  const expected = mac(opts.channelSecret, `${head}.${body}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: 'signature' };
  if (claims.iss !== opts.issuer) return { problem: 'issuer' };
  if (String(claims.aud) !== opts.channelId) return { problem: 'audience' };
  if (typeof claims.exp !== 'number' || claims.exp <= opts.nowS) return { problem: 'expired' };
  if (opts.nonce !== undefined && claims.nonce !== opts.nonce) return { problem: 'nonce' };
  if (typeof claims.sub !== 'string' || !claims.sub) return { problem: 'malformed' };
  return { claims };
}

/** PKCE S256 (RFC 7636): base64url(SHA-256(code_verifier)). */
export const codeChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
