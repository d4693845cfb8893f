import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, LEGACY, loginToken, seedAccounts } from '../accounts/users-helpers.ts';
import {
  browse,
  consent,
  cookieValue,
  createLineShop,
  freshLineName,
  STATE_COOKIE,
  signInWithLine,
} from './line-helpers.ts';

let shop: Awaited<ReturnType<typeof createLineShop>>;
beforeAll(async () => {
  shop = await createLineShop();
  await seedAccounts(shop);
});
afterAll(() => shop.close());

/** The member links the LINE user `name` from the profile: the callback's answer. */
async function link(token: string, name: string, lang = 'zh-TW') {
  const started = await shop.call('POST', '/api/auth/line/link', { token, body: {}, lang });
  expect(started.status).toBe(200);
  const state = cookieValue(started.headers.getSetCookie(), STATE_COOKIE)!;
  const authorize = new URL(started.json.result.authorize_url);
  expect(authorize.searchParams.get('state')).toBe(state);
  const back = await consent(shop, authorize, name);
  return browse(shop, back.href, { cookie: `${STATE_COOKIE}=${state}` });
}

describe('linking LINE to an account', () => {
  it('a member links LINE, then signs in with it, then unlinks it', async () => {
    const token = await loginToken(shop, DEMO.phone, DEMO.password);
    const me = (await shop.call('GET', '/api/users/info', { token })).json.result;
    expect((await shop.call('GET', '/api/auth/line/link', { token })).json.result).toEqual({
      linked: false,
      display_name: '',
    });
    const name = freshLineName();
    const r = await link(token, name);
    expect(r.status).toBe(302);
    expect(r.location).toBe('/member/profile?line=linked');
    expect((await shop.call('GET', '/api/auth/line/link', { token })).json.result).toEqual({
      linked: true,
      display_name: name,
    });

    // Signing in with that LINE account opens this member's account.
    const signedIn = await signInWithLine(shop, name);
    const info = await shop.call('GET', '/api/users/info', { token: signedIn.token! });
    expect(info.json.result.id).toBe(me.id);
    expect(info.json.result.phone_verify).toBe(true);

    const gone = await shop.call('DELETE', '/api/auth/line/link', { token });
    expect(gone.status).toBe(200);
    expect((await shop.call('GET', '/api/auth/line/link', { token })).json.result.linked).toBe(false);
    const again = await shop.call('DELETE', '/api/auth/line/link', { token, lang: 'en' });
    expect(again.status).toBe(404);
    expect(again.json.message).toBe('Your account is not linked with LINE.');
    // Unlinked, the same LINE user is a stranger again: a new member.
    const stranger = await signInWithLine(shop, name);
    const other = await shop.call('GET', '/api/users/info', { token: stranger.token! });
    expect(other.json.result.id).not.toBe(me.id);
  });

  it('refuses a LINE account already linked to another member, in the member’s language', async () => {
    const name = freshLineName();
    const owner = await signInWithLine(shop, name);
    expect(owner.token).toBeTruthy();
    const token = await loginToken(shop, LEGACY.email, LEGACY.password);
    const r = await link(token, name, 'en');
    expect(r.status).toBe(302);
    expect(r.location).toBe('/en/member/profile?line_error=conflict');
    expect((await shop.call('GET', '/api/auth/line/link', { token })).json.result.linked).toBe(false);
  });

  it('refuses a second LINE account on an account that has one', async () => {
    const token = await loginToken(shop, LEGACY.email, LEGACY.password);
    expect((await link(token, freshLineName())).location).toBe('/member/profile?line=linked');
    expect((await link(token, freshLineName())).location).toBe('/member/profile?line_error=hasLine');
  });

  it('keeps LINE on an account that has no other way in', async () => {
    const r = await signInWithLine(shop, freshLineName());
    const refused = await shop.call('DELETE', '/api/auth/line/link', { token: r.token!, lang: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/Set a password first/);
    expect((await shop.call('GET', '/api/auth/line/link', { token: r.token! })).json.result.linked).toBe(true);
    // And a password login never opens it.
    const members = await shop.deps.db.kysely.selectFrom('members').select('password_hash').execute();
    expect(members.filter((m) => m.password_hash.startsWith('line:')).length).toBeGreaterThan(0);
  });

  it('needs a signed-in member to link or unlink', async () => {
    expect((await shop.call('POST', '/api/auth/line/link', { body: {} })).status).toBe(401);
    expect((await shop.call('DELETE', '/api/auth/line/link')).status).toBe(401);
    expect((await shop.call('POST', '/api/auth/line/phone/send', { body: { phone: '0911111111' } })).status).toBe(401);
  });
});
