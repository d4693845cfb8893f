import { addCode, type CodeInput } from '../../../src/server/promotions/promotion-admin.ts';
import type { TestShop } from '../../helpers/test-app.ts';

let codes = 0;

/** A new coupon code with `opts` (a fresh name each call). */
export async function newCode(shop: TestShop, opts: Omit<CodeInput, 'code'>): Promise<string> {
  const code = `T${Date.now().toString(36).toUpperCase()}${codes++}`;
  await addCode(shop.deps, { code, ...opts });
  return code;
}

/** The promotion's `used` count. */
export async function usedOf(shop: TestShop, code: string): Promise<number> {
  const row = await shop.deps.db.kysely
    .selectFrom('promotions')
    .select('used')
    .where('code', '=', code.toUpperCase())
    .executeTakeFirstOrThrow();
  return Number(row.used);
}
