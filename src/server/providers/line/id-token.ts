import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * LINE's ID tokens for web login: JWTs signed HS256 with the channel secret (developers.line.biz,
 * "Get profile information from ID tokens": header {typ, alg}, payload iss, sub, aud, exp, iat,
 * nonce, amr, name, picture, email). Signed by the simulator and checked by the shop with `jose`.
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

/** The only algorithm of LINE's web-login tokens: a token naming `none` or another is refused. */
const ALGORITHMS = ['HS256'];

const keyOf = (channelSecret: string) => new TextEncoder().encode(channelSecret);

/** The token LINE would give for `claims` (the simulator's). */
export function signIdToken(claims: IdTokenClaims, channelSecret: string): Promise<string> {
  return new SignJWT({ ...claims }).setProtectedHeader({ typ: 'JWT', alg: 'HS256' }).sign(keyOf(channelSecret));
}

export type IdTokenProblem = 'malformed' | 'signature' | 'issuer' | 'audience' | 'expired' | 'nonce';

/** Which check a refusal of jose's is. */
function problemOf(err: unknown): IdTokenProblem {
  if (err instanceof errors.JWTExpired) return 'expired';
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') return 'issuer';
    if (err.claim === 'aud') return 'audience';
    if (err.claim === 'exp' || err.claim === 'nbf') return 'expired';
    return 'malformed';
  }
  if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JOSEAlgNotAllowed)
    return 'signature';
  if (err instanceof errors.JOSEError) return 'malformed';
  throw err;
}

/**
 * The claims of `token` when its HS256 signature with `channelSecret` holds, its issuer is LINE's,
 * its audience the channel, it has not expired at `nowS` (seconds; `clockToleranceS` of leeway for
 * another clock, none unless given) and, when given, its nonce is `nonce`; otherwise which check
 * failed.
 */
export async function checkIdToken(
  token: string,
  opts: {
    channelId: string;
    channelSecret: string;
    nowS: number;
    issuer: string;
    nonce?: string;
    clockToleranceS?: number;
  },
): Promise<{ claims: IdTokenClaims } | { problem: IdTokenProblem }> {
  let claims: IdTokenClaims;
  try {
    const verified = await jwtVerify<IdTokenClaims>(token, keyOf(opts.channelSecret), {
      algorithms: ALGORITHMS,
      issuer: opts.issuer,
      audience: opts.channelId,
      clockTolerance: opts.clockToleranceS ?? 0,
      currentDate: new Date(opts.nowS * 1000),
      requiredClaims: ['exp', 'sub'],
    });
    claims = verified.payload as IdTokenClaims;
  } catch (err) {
    return { problem: problemOf(err) };
  }
  if (opts.nonce !== undefined && claims.nonce !== opts.nonce) return { problem: 'nonce' };
  if (typeof claims.sub !== 'string' || !claims.sub) return { problem: 'malformed' };
  return { claims };
}

/** PKCE S256 (RFC 7636): base64url(SHA-256(code_verifier)). */
export const codeChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
