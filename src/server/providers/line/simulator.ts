import { createHash, randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { Locale } from '../../../config.ts';
import type { AppEnv } from '../../context.ts';
import { esc, hiddenInputs, page, problemPage, readForm, sayer, simulatorsOnly } from '../simulator-kit.ts';
import { LINE_ISSUER, LINE_PATHS, lineConfig } from './config.ts';
import { checkIdToken, codeChallenge, signIdToken } from './id-token.ts';
import { SIM_LINE_TEXT } from './simulator-text.ts';

/**
 * The local LINE Login v2.1 simulator (developers.line.biz, "Integrating LINE Login with your web
 * app" and the v2.1 API reference), answering as LINE does:
 * - GET  /oauth2/v2.1/authorize: the consent page; the tester picks or names a LINE user, then the
 *   browser goes to redirect_uri with `code` and `state` (or `error=access_denied` on cancel);
 * - POST /oauth2/v2.1/token: grant_type, code, redirect_uri, client_id, client_secret, code_verifier
 *   → access_token, expires_in, id_token (HS256 with the channel secret), refresh_token, scope,
 *   token_type Bearer; a code works once, for 10 minutes, and only with the verifier of its challenge;
 * - POST /oauth2/v2.1/verify: id_token, client_id (nonce, user_id) → the token's claims, or 400.
 */
export const lineSimulator = new Hono<AppEnv>();
lineSimulator.use('*', simulatorsOnly);

/** LINE: an authorization code is valid for 10 minutes; an access token 30 days; an ID token an hour here. */
const CODE_TTL_MS = 10 * 60_000;
const ACCESS_TOKEN_S = 30 * 24 * 3600;
const ID_TOKEN_S = 3600;

/** The users the consent page offers; any other display name makes a user of its own. */
const PRESET_USERS = ['林小美', '陳志明', 'Alice Chen'] as const;

/** A stable LINE user ID for a display name: U and 32 hex digits, as LINE's. */
export const simUserId = (name: string): string =>
  `U${createHash('sha256').update(`line-sim:${name}`).digest('hex').slice(0, 32)}`;

const authorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1),
  redirect_uri: z.url({ protocol: /^https?$/ }),
  state: z.string().min(1).max(255),
  scope: z.string().min(1),
  nonce: z.string().max(255).optional(),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  code_challenge_method: z.literal('S256').optional(),
  ui_locales: z.string().max(35).optional(),
  prompt: z.string().optional(),
  bot_prompt: z.string().optional(),
});
type AuthorizeRequest = z.output<typeof authorizeQuery>;
const REQUEST_KEYS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'ui_locales',
] as const;

function pageLocale(c: Context<AppEnv>, ui?: string): Locale {
  if (ui?.toLowerCase().startsWith('en')) return 'en';
  if (ui?.toLowerCase().startsWith('zh')) return 'zh-TW';
  return c.get('locale');
}

/** The request checked as LINE checks it: the channel, its registered callback, the scope, PKCE. */
function checkAuthorize(c: Context<AppEnv>, raw: Record<string, string | undefined>): AuthorizeRequest | string[] {
  const cfg = lineConfig(c.get('deps').env);
  const parsed = authorizeQuery.safeParse(raw);
  const say = sayer(SIM_LINE_TEXT, c.get('locale'));
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const r = parsed.data;
  const problems: string[] = [];
  if (!cfg || r.client_id !== cfg.channelId) problems.push(say('badClient', { id: r.client_id }));
  const callback = `${new URL(c.get('deps').env.SITE_URL).origin}/api/auth/line/callback`;
  if (r.redirect_uri !== callback) problems.push(say('badRedirect', { uri: r.redirect_uri }));
  if (!r.scope.split(' ').includes('openid')) problems.push(say('noOpenid'));
  if (r.code_challenge && !r.code_challenge_method) problems.push(say('noMethod'));
  return problems.length ? problems : r;
}

lineSimulator.get(LINE_PATHS.authorize, (c) => {
  const checked = checkAuthorize(c, c.req.query());
  if (Array.isArray(checked)) return problemPage(c, sayer(SIM_LINE_TEXT, c.get('locale'))('badRequest'), checked);
  c.set('locale', pageLocale(c, checked.ui_locales));
  const say = sayer(SIM_LINE_TEXT, c.get('locale'));
  const keep = Object.fromEntries(
    REQUEST_KEYS.flatMap((k) => (checked[k] === undefined ? [] : [[k, String(checked[k])]])),
  ) as Record<string, string>;
  const action = c.req.path;
  const preset = PRESET_USERS.map(
    (name) =>
      `<li><form method="post" action="${esc(action)}">${hiddenInputs({ ...keep, display_name: name })}<button type="submit">${esc(say('as', { name }))}</button></form></li>`,
  ).join('');
  return page(
    c,
    say('title'),
    `<p>${esc(say('intro', { scope: checked.scope }))}</p>
<ul class="list">${preset}</ul>
<form method="post" action="${esc(action)}">${hiddenInputs(keep)}
<label for="display_name">${esc(say('nameLabel'))}</label>
<input id="display_name" name="display_name" required maxlength="50" autocomplete="off">
<button type="submit">${esc(say('allow'))}</button></form>
<form method="post" action="${esc(action)}">${hiddenInputs({ ...keep, cancel: '1' })}<button type="submit" class="secondary">${esc(say('cancel'))}</button></form>`,
  );
});

lineSimulator.post(LINE_PATHS.authorize, async (c) => {
  const say = sayer(SIM_LINE_TEXT, c.get('locale'));
  const form = await readForm(c);
  if (!form) return problemPage(c, say('badRequest'), [say('notForm')]);
  const checked = checkAuthorize(c, form);
  if (Array.isArray(checked)) return problemPage(c, say('badRequest'), checked);
  const back = new URL(checked.redirect_uri);
  if (form.cancel === '1') {
    // LINE's answer when the user declines: error, error_description, state.
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('error_description', 'The resource owner or authorization server denied the request.');
    back.searchParams.set('state', checked.state);
    return c.redirect(back.href, 302);
  }
  const name = (form.display_name ?? '').trim().slice(0, 50);
  if (!name) return problemPage(c, say('badRequest'), [say('noName')]);
  const code = randomBytes(15).toString('base64url');
  const now = c.get('deps').clock.now();
  const userId = simUserId(name);
  await c
    .get('deps')
    .db.kysely.insertInto('sim_line_codes')
    .values({
      code,
      client_id: checked.client_id,
      redirect_uri: checked.redirect_uri,
      scope: checked.scope,
      nonce: checked.nonce ?? '',
      code_challenge: checked.code_challenge ?? '',
      code_challenge_method: checked.code_challenge_method ?? '',
      user_id: userId,
      display_name: name,
      email: checked.scope.split(' ').includes('email') ? `${userId.slice(1, 11)}@line.example` : '',
      created_at: now,
      expires_at: now + CODE_TTL_MS,
      used_at: null,
    })
    .execute();
  back.searchParams.set('code', code);
  back.searchParams.set('state', checked.state);
  return c.redirect(back.href, 302);
});

/** LINE's error answer: 400 with `error` and `error_description`. */
const oauthError = (c: Context<AppEnv>, error: string, description: string, status: 400 | 401 = 400) =>
  c.json({ error, error_description: description }, status);

lineSimulator.post(LINE_PATHS.token, async (c) => {
  const deps = c.get('deps');
  const cfg = lineConfig(deps.env);
  const form = await readForm(c);
  if (!form) return oauthError(c, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded.');
  if (form.grant_type !== 'authorization_code')
    return oauthError(c, 'unsupported_grant_type', 'grant_type must be authorization_code.');
  for (const field of ['code', 'redirect_uri', 'client_id', 'client_secret'] as const)
    if (!form[field]) return oauthError(c, 'invalid_request', `${field} is required.`);
  if (!cfg || form.client_id !== cfg.channelId || form.client_secret !== cfg.channelSecret)
    return oauthError(c, 'invalid_client', 'invalid client credentials.', 401);
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const row = await k.selectFrom('sim_line_codes').selectAll().where('code', '=', form.code!).executeTakeFirst();
  if (!row || row.client_id !== form.client_id || row.expires_at <= now)
    return oauthError(c, 'invalid_grant', 'invalid authorization code.');
  if (row.used_at !== null) return oauthError(c, 'invalid_grant', 'authorization code has already been used.');
  if (row.redirect_uri !== form.redirect_uri) return oauthError(c, 'invalid_grant', 'redirect_uri does not match.');
  if (row.code_challenge) {
    if (!form.code_verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(form.code_verifier))
      return oauthError(c, 'invalid_request', 'code_verifier is required and must be 43 to 128 characters.');
    if (codeChallenge(form.code_verifier) !== row.code_challenge)
      return oauthError(c, 'invalid_grant', 'code_verifier does not match the code_challenge.');
  }
  // Single use: the first exchange takes the code, a second (even at once) is refused.
  const taken = await k
    .updateTable('sim_line_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1)
    return oauthError(c, 'invalid_grant', 'authorization code has already been used.');
  const iat = Math.floor(now / 1000);
  const idToken = await signIdToken(
    {
      iss: LINE_ISSUER,
      sub: row.user_id,
      aud: row.client_id,
      exp: iat + ID_TOKEN_S,
      iat,
      ...(row.nonce ? { nonce: row.nonce } : {}),
      amr: ['pwd'],
      name: row.display_name,
      picture: `https://profile.line-scdn.net/sim/${row.user_id}`,
      ...(row.email ? { email: row.email } : {}),
    },
    cfg.channelSecret,
  );
  c.header('Cache-Control', 'no-store');
  return c.json({
    access_token: randomBytes(32).toString('base64url'),
    expires_in: ACCESS_TOKEN_S,
    id_token: idToken,
    refresh_token: randomBytes(24).toString('base64url'),
    scope: row.scope,
    token_type: 'Bearer',
  });
});

lineSimulator.post(LINE_PATHS.verify, async (c) => {
  const deps = c.get('deps');
  const cfg = lineConfig(deps.env);
  const form = await readForm(c);
  if (!form?.id_token) return oauthError(c, 'invalid_request', 'id_token is required.');
  if (!form.client_id) return oauthError(c, 'invalid_request', 'client_id is required.');
  if (!cfg || form.client_id !== cfg.channelId) return oauthError(c, 'invalid_request', 'Invalid IdToken Audience.');
  const checked = await checkIdToken(form.id_token, {
    channelId: cfg.channelId,
    channelSecret: cfg.channelSecret,
    nowS: Math.floor(deps.clock.now() / 1000),
    issuer: LINE_ISSUER,
    ...(form.nonce ? { nonce: form.nonce } : {}),
  });
  if ('problem' in checked) {
    const description = {
      malformed: 'Invalid IdToken.',
      signature: 'Invalid IdToken Signature.',
      issuer: 'Invalid IdToken Issuer.',
      audience: 'Invalid IdToken Audience.',
      expired: 'IdToken expired.',
      nonce: 'Invalid IdToken Nonce.',
    }[checked.problem];
    return oauthError(c, 'invalid_request', description);
  }
  if (form.user_id && form.user_id !== checked.claims.sub)
    return oauthError(c, 'invalid_request', 'Invalid IdToken Subject Identifier.');
  return c.json(checked.claims);
});
