import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActionSubject, auditedAction } from '../../../src/server/admin/audited-action.ts';
import type { AdminEnv } from '../../../src/server/admin/staff-auth.ts';
import { toErrorResponse } from '../../../src/server/common/envelope.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

/**
 * The console's one audited action (returns' and reviews' actions go through it): the subject of
 * the path's id must exist, the audit log records each try under its order, done or refused, and a
 * refusal by the subject's rules answers its 409 with why in the caller's language.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

class Refusal extends Error {
  readonly msg: { zh: string; en: string };
  constructor(msg: { zh: string; en: string }) {
    super(msg.en);
    this.msg = msg;
  }
}
const THING: ActionSubject = {
  noun: 'thing',
  notFound: 'REVIEW_NOT_FOUND',
  orderNoOf: async (_deps, id) => (id === 7 ? '20261127-TEST' : undefined),
  view: async (_deps, id, locale) => ({ id, locale }),
  refusalOf: (err) => (err instanceof Refusal ? err.msg : undefined),
  refused: 'REVIEW_ACTION_REFUSED',
};

function app(run: () => Promise<unknown>) {
  const a = new Hono<AdminEnv>();
  a.use('*', async (c, next) => {
    c.set('deps', shop.deps);
    c.set('ip', '203.0.113.5');
    c.set('locale', c.req.header('accept-language') === 'en' ? 'en' : 'zh-TW');
    c.set('staff', {
      id: 1,
      email: 'a@soundwood.tw',
      name: '林小幫',
      role: 'staff',
      sessionId: 1,
      expiresAt: 0,
      idleUntil: 0,
    });
    await next();
  });
  a.post('/:id', (c) => auditedAction(c, THING, 'thing-do', 'why', run));
  a.onError((err, c) => toErrorResponse(c, err));
  return a;
}
const audit = () =>
  shop.deps.db.kysely
    .selectFrom('admin_audit')
    .select(['action', 'order_no', 'detail', 'ok', 'who', 'ip'])
    .where('action', '=', 'thing-do')
    .orderBy('id')
    .execute();

describe('auditedAction', () => {
  it('answers the subject after a done action, audited under its order', async () => {
    const r = await app(async () => undefined).request('/7', { method: 'POST', headers: { 'accept-language': 'en' } });
    expect(r.status).toBe(200);
    expect((await r.json()).result).toEqual({ id: 7, locale: 'en' });
    expect(await audit()).toEqual([
      { action: 'thing-do', order_no: '20261127-TEST', detail: 'thing 7 why', ok: 1, who: '林小幫', ip: '203.0.113.5' },
    ]);
  });

  it("answers a refusal by the subject's rules in the caller's language, audited as refused", async () => {
    const refuse = app(async () => {
      throw new Refusal({ zh: '不行。', en: 'Not now.' });
    });
    const r = await refuse.request('/7', { method: 'POST', headers: { 'accept-language': 'en' } });
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({ code: 'REVIEW_ACTION_REFUSED', message: 'Not done: Not now.' });
    const zh = await refuse.request('/7', { method: 'POST' });
    expect((await zh.json()).message).toBe('無法執行：不行。');
    expect((await audit()).slice(-2)).toEqual([
      expect.objectContaining({ detail: 'thing 7 why — refused: Not now.', ok: 0 }),
      expect.objectContaining({ detail: 'thing 7 why — refused: Not now.', ok: 0 }),
    ]);
  });

  it('answers not found for a malformed or unknown id, and runs nothing', async () => {
    let ran = 0;
    const a = app(async () => {
      ran++;
    });
    const before = (await audit()).length;
    for (const id of ['8', '0', 'x', '12345678901'])
      expect((await a.request(`/${id}`, { method: 'POST' })).status).toBe(404);
    expect(ran).toBe(0);
    expect(await audit()).toHaveLength(before);
  });
});
