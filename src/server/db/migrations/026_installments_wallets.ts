import type { Kysely } from 'kysely';

/**
 * Card installments, Apple Pay, TWQR and card bonus points (issue 41). The order keeps the
 * installments the shopper chose; each attempt what it asked ECPay for (CreditInstallment, Redeem)
 * and what the paid notice reported: the first and every other payment (stast, staed) and the bonus
 * points used (red_dan) for the amount they took off (red_de_amt). The card simulator remembers the
 * amount redeemed on its trades.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('installments', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [name, type] of [
    ['installments', 'integer'],
    ['redeem', 'integer'],
  ] as const)
    await db.schema
      .alterTable('payment_attempts')
      .addColumn(name, type, (c) => c.notNull().defaultTo(0))
      .execute();
  for (const name of ['first_payment', 'per_payment', 'redeemed_points', 'redeemed_amount'])
    await db.schema.alterTable('payment_attempts').addColumn(name, 'integer').execute();
  await db.schema
    .alterTable('sim_ecpay_credit')
    .addColumn('redeemed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
