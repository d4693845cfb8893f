import { call, freshIp, statusSummary } from '../http.ts';
import { type Ctx, layouts, type Scenario, spread } from './context.ts';

const SENDS = 200;
let phoneSeq = 0;

async function smsCount(ctx: Ctx, phone: string): Promise<number> {
  const row = await ctx.shop.db.kysely
    .selectFrom('sms_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone', '=', phone)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** L4: 200 sends of a sign-up code for one phone at once, each from its own address → one SMS. */
export const otpBurst: Scenario = {
  name: 'L4',
  async run(ctx) {
    for (const { label, both } of layouts(ctx)) {
      const phone = `0961${String(++phoneSeq + (Date.now() % 9_000) * 10).padStart(6, '0')}`;
      const base = spread(ctx, both);
      const answers = await Promise.all(
        Array.from({ length: SENDS }, (_, i) =>
          call(base(i), 'POST', '/users/send-otp/phone', { body: { phone, purpose: 'register' }, ip: freshIp() }),
        ),
      );
      const sent = await smsCount(ctx, phone);
      const ok = answers.filter((a) => a.status === 200).length;
      const clear = answers.every((a) => a.status === 200 || (a.status === 429 && a.json?.status === false));
      ctx.report.add({
        scenario: `L4 OTP burst (${label})`,
        tried: `${SENDS} concurrent sends, one phone`,
        target: '1 SMS; the rest 429',
        figure: `${sent} SMS; ${statusSummary(answers)}`,
        held: sent === 1 && ok === 1 && clear,
      });
    }
  },
};
