/**
 * Sign in with LINE (LINE Login v2.1, OpenID Connect; issue 32). The shop starts a sign-in with a
 * fresh state, nonce and PKCE verifier kept in `line_login_states` (found by the state's digest,
 * single use, 10 minutes) and the state again in a short-lived HttpOnly cookie that ties it to the
 * browser that started it. LINE's answer comes back with the code and state: the state must be the
 * cookie's and unused, the code is traded (with the verifier) for an ID token, whose HS256 signature
 * with the channel secret, issuer, audience, expiry (a minute's leeway) and nonce are checked (with
 * jose). Then the LINE account's member is signed in, or a new member is made (who still verifies
 * a phone), or, for a link, the LINE account is added to the signed-in member's.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_LOCALE, type Locale } from '../../../config.ts';
import { localeOfPath, localePath } from '../../../lib/i18n/locale.ts';
import { safeReturnPath } from '../../../lib/runtime/routes.ts';
import { sha256 } from '../../common/tokens.ts';
import type { Deps } from '../../context.ts';
import { LINE_ISSUER, type LineConfig } from '../../providers/line/config.ts';
import { checkIdToken, codeChallenge, type IdTokenClaims } from '../../providers/line/id-token.ts';
import { insertMember, isUniqueViolation } from '../members.ts';
import { createSession, type IssuedSession } from '../sessions.ts';

/** A sign-in must come back from LINE within 10 minutes (LINE's codes live as long). */
export const LINE_STATE_TTL_MS = 10 * 60_000;
/** The cookie that ties a sign-in to the browser that started it (HttpOnly, this API's LINE paths only). */
export const LINE_STATE_COOKIE = 'line_login_state';
export const LINE_COOKIE_PATH = '/api/auth/line';
/** The shop's callback, registered in the LINE channel's settings. */
export const LINE_CALLBACK_PATH = '/api/auth/line/callback';
/** Leeway for LINE's clock against this server's when the ID token's expiry is checked. */
const LINE_CLOCK_TOLERANCE_S = 60;
/** openid for the ID token, profile for the name; email needs LINE's approval, so it is not asked. */
export const LINE_SCOPE = 'openid profile';
/** What a member made from a LINE account is called when LINE gives no name. */
const FALLBACK_NAME: Record<Locale, string> = { 'zh-TW': 'LINE 會員', en: 'LINE member' };
const NAME_MAX = 50;

/**
 * Why a sign-in with LINE was refused: the login page (or the profile, for a link) shows the message
 * `line.error.<reason>` in the sign-in's language.
 */
export type LineFailure =
  | 'unavailable'
  | 'state'
  | 'replay'
  | 'cancelled'
  | 'code'
  | 'token'
  | 'nonce'
  | 'conflict'
  | 'hasLine'
  | 'disabled'
  | 'signin';

export class LineLoginError extends Error {
  readonly reason: LineFailure;
  readonly locale: Locale;
  readonly purpose: 'login' | 'link';
  constructor(reason: LineFailure, locale: Locale, purpose: 'login' | 'link', detail?: string) {
    super(`LINE sign-in refused: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'LineLoginError';
    this.reason = reason;
    this.locale = locale;
    this.purpose = purpose;
  }
}

export const callbackUrl = (deps: Deps): string => new URL(LINE_CALLBACK_PATH, deps.env.SITE_URL).href;

/** Starts a sign-in (or a link for `memberId`): the authorize URL and the state for the cookie. */
export async function startLineLogin(
  deps: Deps,
  cfg: LineConfig,
  opts: { returnPath: string | undefined; purpose: 'login' | 'link'; memberId?: number },
): Promise<{ url: string; state: string; locale: Locale }> {
  const returnPath = safeReturnPath(opts.returnPath) ?? '/';
  const locale = localeOfPath(returnPath);
  const state = randomBytes(24).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  // RFC 7636: 43 to 128 characters of [A-Za-z0-9-._~]; 32 random bytes give 43.
  const verifier = randomBytes(48).toString('base64url');
  const now = deps.clock.now();
  // Sign-ins never finished are forgotten once expired: the table holds the last 10 minutes' only.
  await deps.db.kysely.deleteFrom('line_login_states').where('expires_at', '<', now).execute();
  await deps.db.kysely
    .insertInto('line_login_states')
    .values({
      state_hash: sha256(state),
      nonce,
      code_verifier: verifier,
      purpose: opts.purpose,
      member_id: opts.memberId ?? null,
      return_path: returnPath,
      locale,
      created_at: now,
      expires_at: now + LINE_STATE_TTL_MS,
      used_at: null,
    })
    .execute();
  const url = new URL(cfg.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: cfg.channelId,
    redirect_uri: callbackUrl(deps),
    state,
    scope: LINE_SCOPE,
    nonce,
    code_challenge: codeChallenge(verifier),
    code_challenge_method: 'S256',
    ui_locales: locale,
  }).toString();
  return { url: url.href, state, locale };
}

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

export type CallbackResult =
  | { kind: 'session'; session: IssuedSession; memberId: number; returnPath: string; created: boolean }
  | { kind: 'linked'; returnPath: string };

/**
 * Finishes a sign-in from LINE's answer. `cookieState` is the state cookie of the browser that came
 * back. Throws LineLoginError with the reason and the language to explain it in.
 */
export async function finishLineLogin(
  deps: Deps,
  cfg: LineConfig,
  query: CallbackQuery,
  cookieState: string | undefined,
): Promise<CallbackResult> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const row = query.state
    ? await k
        .selectFrom('line_login_states')
        .selectAll()
        .where('state_hash', '=', sha256(query.state))
        .executeTakeFirst()
    : undefined;
  const locale = (row?.locale === 'en' ? 'en' : DEFAULT_LOCALE) as Locale;
  // Checked at the start; checked again here, as it becomes a Location header.
  if (row) row.return_path = safeReturnPath(row.return_path) ?? '/';
  const purpose = row?.purpose ?? 'login';
  const fail = (reason: LineFailure, detail?: string) => new LineLoginError(reason, locale, purpose, detail);
  // The state must be one this shop issued, to this browser, not yet used and not expired.
  if (!row || !query.state) throw fail('state', 'unknown state');
  if (cookieState !== query.state) throw fail('state', 'state does not match this browser');
  if (row.used_at !== null) throw fail('replay', 'state already used');
  if (row.expires_at <= now) throw fail('state', 'state expired');
  const taken = await k
    .updateTable('line_login_states')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw fail('replay', 'state already used');
  if (query.error) throw fail('cancelled', query.error);
  if (!query.code) throw fail('code', 'no code');

  const claims = await exchange(deps, cfg, query.code, row.code_verifier, row.nonce, fail);
  if (row.purpose === 'link') {
    if (row.member_id === null) throw fail('signin');
    await linkLine(deps, row.member_id, claims, fail);
    return { kind: 'linked', returnPath: row.return_path };
  }
  const linked = await k
    .selectFrom('member_line_links')
    .innerJoin('members', 'members.id', 'member_line_links.member_id')
    .select(['members.id', 'members.status'])
    .where('member_line_links.line_user_id', '=', claims.sub)
    .executeTakeFirst();
  if (linked) {
    if (linked.status !== 1) throw fail('disabled');
    return {
      kind: 'session',
      session: await createSession(deps, linked.id),
      memberId: linked.id,
      returnPath: row.return_path,
      created: false,
    };
  }
  const memberId = await createLineMember(deps, claims, locale, fail);
  const session = await createSession(deps, memberId);
  return { kind: 'session', session, memberId, returnPath: row.return_path, created: true };
}

/** Trades the code at LINE's token endpoint and checks the ID token it gives. */
async function exchange(
  deps: Deps,
  cfg: LineConfig,
  code: string,
  verifier: string,
  nonce: string,
  fail: (reason: LineFailure, detail?: string) => LineLoginError,
): Promise<IdTokenClaims> {
  let res: Response;
  try {
    res = await fetch(cfg.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: callbackUrl(deps),
        client_id: cfg.channelId,
        client_secret: cfg.channelSecret,
        code_verifier: verifier,
      }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw fail('unavailable', err instanceof Error ? err.message : String(err));
  }
  const body = (await res.json().catch(() => ({}))) as {
    id_token?: unknown;
    error?: unknown;
    error_description?: unknown;
  };
  if (!res.ok || typeof body.id_token !== 'string')
    throw fail(
      res.status >= 500 ? 'unavailable' : 'code',
      `${res.status} ${String(body.error)}: ${String(body.error_description)}`,
    );
  const checked = await checkIdToken(body.id_token, {
    channelId: cfg.channelId,
    channelSecret: cfg.channelSecret,
    nowS: Math.floor(deps.clock.now() / 1000),
    issuer: LINE_ISSUER,
    nonce,
    clockToleranceS: LINE_CLOCK_TOLERANCE_S,
  });
  if ('problem' in checked) throw fail(checked.problem === 'nonce' ? 'nonce' : 'token', checked.problem);
  return checked.claims;
}

/** A member for a new LINE account: no phone yet (it is verified next), no password, not an email name. */
async function createLineMember(
  deps: Deps,
  claims: IdTokenClaims,
  locale: Locale,
  fail: (reason: LineFailure, detail?: string) => LineLoginError,
): Promise<number> {
  const now = deps.clock.now();
  const name = cleanName(claims.name) || FALLBACK_NAME[locale];
  const member = await insertMember(deps.db, {
    name,
    phone: null,
    email: null,
    // Not a password hash: no password opens this account until the member sets one.
    password_hash: `line:${randomBytes(16).toString('base64url')}`,
    phone_verify: 0,
    email_verify: 0,
    zipcode: '',
    city: '',
    area: '',
    addr: '',
    status: 1,
    created_at: now,
    updated_at: now,
  });
  try {
    await deps.db.kysely
      .insertInto('member_line_links')
      .values({ member_id: member.id, line_user_id: claims.sub, display_name: name, created_at: now })
      .execute();
  } catch (err) {
    // The same LINE account signing up twice at once: the other attempt made its member; this one goes.
    await deps.db.kysely.deleteFrom('members').where('id', '=', member.id).execute();
    if (isUniqueViolation(err)) throw fail('signin', 'LINE account linked meanwhile');
    throw err;
  }
  return member.id;
}

/** Adds the LINE account to `memberId`'s, unless it belongs to another member or the member has one. */
async function linkLine(
  deps: Deps,
  memberId: number,
  claims: IdTokenClaims,
  fail: (reason: LineFailure, detail?: string) => LineLoginError,
): Promise<void> {
  const k = deps.db.kysely;
  const owner = await k
    .selectFrom('member_line_links')
    .select('member_id')
    .where('line_user_id', '=', claims.sub)
    .executeTakeFirst();
  if (owner && owner.member_id !== memberId) throw fail('conflict');
  if (owner) return;
  const mine = await k
    .selectFrom('member_line_links')
    .select('id')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (mine) throw fail('hasLine');
  try {
    await k
      .insertInto('member_line_links')
      .values({
        member_id: memberId,
        line_user_id: claims.sub,
        display_name: cleanName(claims.name),
        created_at: deps.clock.now(),
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err, 'line_user_id')) throw fail('conflict');
    if (isUniqueViolation(err)) throw fail('hasLine');
    throw err;
  }
}

/** A display name as a member name: no control or direction characters, at most 50 characters. */
function cleanName(name: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const flat = (name ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return [...flat].slice(0, NAME_MAX).join('');
}

/** Where the browser goes after a refused sign-in: the login page (the profile, for a link) saying why. */
export function failurePath(err: LineLoginError): string {
  const page = err.purpose === 'link' ? '/member/profile' : '/login';
  return `${localePath(err.locale, page)}?line_error=${err.reason}`;
}
