import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINE_ISSUER, SIMULATOR_CHANNEL } from '../../../src/server/providers/line/config.ts';
import { checkIdToken, signIdToken } from '../../../src/server/providers/line/id-token.ts';
import { createTestShop } from '../../helpers/test-app.ts';
import { browse, CALLBACK, consent, createLineShop, freshLineName, startLogin } from './line-helpers.ts';

const TOKEN = '/api/sim/line/oauth2/v2.1/token';
const VERIFY = '/api/sim/line/oauth2/v2.1/verify';

let shop: Awaited<ReturnType<typeof createLineShop>>;
beforeAll(async () => {
  shop = await createLineShop();
});
afterAll(() => shop.close());

const json = (text: string) => JSON.parse(text);

/** A code from the consent page, with the verifier its challenge was made from. */
async function codeFor(name = freshLineName()) {
  const { authorize } = await startLogin(shop);
  const back = await consent(shop, authorize, name);
  const row = await shop.deps.db.kysely
    .selectFrom('line_login_states')
    .selectAll()
    .where('nonce', '=', authorize.searchParams.get('nonce')!)
    .executeTakeFirstOrThrow();
  return { code: back.searchParams.get('code')!, verifier: row.code_verifier, nonce: row.nonce, name };
}

const tokenForm = (code: string, verifier: string, over: Record<string, string> = {}) => ({
  grant_type: 'authorization_code',
  code,
  redirect_uri: `${shop.origin}${CALLBACK}`,
  client_id: SIMULATOR_CHANNEL.id,
  client_secret: SIMULATOR_CHANNEL.secret,
  code_verifier: verifier,
  ...over,
});

describe('the LINE simulator’s token endpoint', () => {
  it('answers as LINE: access_token, expires_in, id_token (HS256, channel secret), refresh_token, scope, token_type', async () => {
    const { code, verifier, nonce, name } = await codeFor();
    const r = await browse(shop, TOKEN, { form: tokenForm(code, verifier) });
    expect(r.status).toBe(200);
    const body = json(r.text);
    expect(Object.keys(body).sort()).toEqual(
      ['access_token', 'expires_in', 'id_token', 'refresh_token', 'scope', 'token_type'].sort(),
    );
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(2_592_000);
    expect(body.scope).toBe('openid profile');
    const [head] = body.id_token.split('.');
    expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'HS256' });
    const checked = await checkIdToken(body.id_token, {
      channelId: SIMULATOR_CHANNEL.id,
      channelSecret: SIMULATOR_CHANNEL.secret,
      nowS: Math.floor(shop.clock.now() / 1000),
      issuer: LINE_ISSUER,
      nonce,
    });
    expect('claims' in checked && checked.claims).toMatchObject({
      iss: 'https://access.line.me',
      aud: SIMULATOR_CHANNEL.id,
      nonce,
      amr: ['pwd'],
      name,
    });
    if ('claims' in checked) {
      expect(checked.claims.sub).toMatch(/^U[0-9a-f]{32}$/);
      expect(checked.claims.exp).toBeGreaterThan(checked.claims.iat);
      expect(checked.claims.picture).toMatch(/^https:\/\//);
    }
    // The second use of a code is refused, as LINE refuses it.
    const replay = await browse(shop, TOKEN, { form: tokenForm(code, verifier) });
    expect(replay.status).toBe(400);
    expect(json(replay.text).error).toBe('invalid_grant');
  });

  it('refuses a wrong verifier, client secret, redirect URI or a missing verifier', async () => {
    const { code, verifier } = await codeFor();
    const wrongVerifier = await browse(shop, TOKEN, { form: tokenForm(code, 'y'.repeat(43)) });
    expect(wrongVerifier.status).toBe(400);
    expect(json(wrongVerifier.text)).toMatchObject({ error: 'invalid_grant' });
    expect(json(wrongVerifier.text).error_description).toMatch(/code_verifier/);
    const noVerifier = await browse(shop, TOKEN, { form: tokenForm(code, '') });
    expect(json(noVerifier.text).error).toBe('invalid_request');
    const secret = await browse(shop, TOKEN, { form: tokenForm(code, verifier, { client_secret: 'not-the-secret' }) });
    expect(secret.status).toBe(401);
    expect(json(secret.text).error).toBe('invalid_client');
    const redirect = await browse(shop, TOKEN, {
      form: tokenForm(code, verifier, { redirect_uri: 'https://evil.example/cb' }),
    });
    expect(json(redirect.text).error).toBe('invalid_grant');
    // None of the refusals used the code up.
    expect((await browse(shop, TOKEN, { form: tokenForm(code, verifier) })).status).toBe(200);
  });
});

describe('the LINE simulator’s verify endpoint', () => {
  it('gives the claims of a good token, and LINE’s errors for a forged, foreign or stale one', async () => {
    const { code, verifier, nonce } = await codeFor();
    const idToken = json((await browse(shop, TOKEN, { form: tokenForm(code, verifier) })).text).id_token as string;
    const ok = await browse(shop, VERIFY, { form: { id_token: idToken, client_id: SIMULATOR_CHANNEL.id, nonce } });
    expect(ok.status).toBe(200);
    expect(json(ok.text)).toMatchObject({ iss: LINE_ISSUER, aud: SIMULATOR_CHANNEL.id, nonce });

    const [h, p] = idToken.split('.');
    const forged = `${h}.${p}.${Buffer.from('not the signature').toString('base64url')}`;
    const bad = await browse(shop, VERIFY, { form: { id_token: forged, client_id: SIMULATOR_CHANNEL.id } });
    expect(bad.status).toBe(400);
    expect(json(bad.text).error).toBe('invalid_request');
    const nonceBad = await browse(shop, VERIFY, {
      form: { id_token: idToken, client_id: SIMULATOR_CHANNEL.id, nonce: 'other' },
    });
    expect(json(nonceBad.text).error_description).toBe('Invalid IdToken Nonce.');
    const aud = await browse(shop, VERIFY, { form: { id_token: idToken, client_id: '1999999999' } });
    expect(json(aud.text).error_description).toBe('Invalid IdToken Audience.');
    const sub = await browse(shop, VERIFY, {
      form: { id_token: idToken, client_id: SIMULATOR_CHANNEL.id, user_id: 'U0000' },
    });
    expect(json(sub.text).error_description).toBe('Invalid IdToken Subject Identifier.');
    shop.clock.advance(2 * 3600_000);
    const stale = await browse(shop, VERIFY, { form: { id_token: idToken, client_id: SIMULATOR_CHANNEL.id } });
    expect(json(stale.text).error_description).toBe('IdToken expired.');
  });
});

describe('the shop checks the ID token’s signature', () => {
  it('refuses a token LINE did not sign (a token endpoint answering with another key)', async () => {
    // A stand-in for LINE's API that answers the token request with an ID token signed with another secret.
    let nonce = '';
    const fake = new Hono().post('/oauth2/v2.1/token', async (c) => {
      const iat = Math.floor(shop.clock.now() / 1000);
      const claims = {
        iss: LINE_ISSUER,
        sub: 'U'.padEnd(33, 'a'),
        aud: SIMULATOR_CHANNEL.id,
        exp: iat + 600,
        iat,
        nonce,
      };
      return c.json({
        access_token: 'a',
        expires_in: 2592000,
        id_token: await signIdToken(claims, 'an attacker’s secret, not the channel’s'),
        refresh_token: 'r',
        scope: 'openid profile',
        token_type: 'Bearer',
      });
    });
    const server = serve({ fetch: fake.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const saved = shop.deps.env.LINE_API_BASE;
    shop.deps.env.LINE_API_BASE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { authorize, cookie } = await startLogin(shop);
      nonce = authorize.searchParams.get('nonce')!;
      const back = await consent(shop, authorize, freshLineName());
      const r = await browse(shop, back.href, { cookie });
      expect(r.location).toBe('/login?line_error=token');
      expect(r.cookies.some((c) => c.startsWith('accessToken='))).toBe(false);
    } finally {
      shop.deps.env.LINE_API_BASE = saved;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('checkIdToken refuses alg none, another audience and a stale token', async () => {
    const now = 2_000_000_000;
    const claims = { iss: LINE_ISSUER, sub: 'Uabc', aud: SIMULATOR_CHANNEL.id, exp: now + 60, iat: now };
    const opts = {
      channelId: SIMULATOR_CHANNEL.id,
      channelSecret: SIMULATOR_CHANNEL.secret,
      nowS: now,
      issuer: LINE_ISSUER,
    };
    const good = await signIdToken(claims, SIMULATOR_CHANNEL.secret);
    expect('claims' in (await checkIdToken(good, opts))).toBe(true);
    const [, body] = good.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`;
    expect(await checkIdToken(none, opts)).toEqual({ problem: 'signature' });
    expect(await checkIdToken(good, { ...opts, channelId: '1111111111' })).toEqual({ problem: 'audience' });
    expect(await checkIdToken(good, { ...opts, nowS: now + 61 })).toEqual({ problem: 'expired' });
    expect(await checkIdToken(good, { ...opts, nonce: 'n' })).toEqual({ problem: 'nonce' });
  });
});

describe('production', () => {
  it('refuses the LINE simulator unless ALLOW_SIMULATORS=1, and sends members to LINE itself', async () => {
    const live = await createTestShop({
      env: {
        NODE_ENV: 'production',
        LINE_CHANNEL_ID: '1657000001',
        LINE_CHANNEL_SECRET: 'a-real-looking-channel-secret',
      },
    });
    try {
      expect((await live.app.request(VERIFY, { method: 'POST' })).status).toBe(403);
      const r = await live.app.request('/api/auth/line/start?return=/');
      expect(r.status).toBe(302);
      const url = new URL(r.headers.get('location')!);
      expect(url.origin + url.pathname).toBe('https://access.line.me/oauth2/v2.1/authorize');
      expect(url.searchParams.get('client_id')).toBe('1657000001');
    } finally {
      await live.close();
    }
    const unset = await createTestShop({ env: { NODE_ENV: 'production' } });
    try {
      const r = await unset.app.request('/api/auth/line/start?return=/');
      expect(r.headers.get('location')).toBe('/login?line_error=unavailable');
    } finally {
      await unset.close();
    }
    const demo = await createTestShop({ env: { NODE_ENV: 'production', ALLOW_SIMULATORS: '1' } });
    try {
      const r = await demo.app.request('/api/auth/line/start?return=/');
      expect(new URL(r.headers.get('location')!).pathname).toBe('/api/sim/line/oauth2/v2.1/authorize');
    } finally {
      await demo.close();
    }
  });
});
