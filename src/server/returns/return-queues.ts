import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The console's queues of returns, each a question the shop answers next: approve or reject; wait
 * for the goods; inspect and receive what came back; refund; look at a refund ECPay refused.
 */
export const RETURN_VIEWS = ['to-approve', 'in-transit', 'to-inspect', 'to-refund', 'failed'] as const;
export type ReturnView = (typeof RETURN_VIEWS)[number];

/** The return parcel's status when it reached the shop (as the outbound parcel's `delivered`). */
const ARRIVED = 'returned';

type Eb = ExpressionBuilder<Database & { r: Database['returns'] }, 'r'>;

const refundIn = (eb: Eb, states: string[]) =>
  eb.exists(
    eb.selectFrom('refunds as f').select('f.id').whereRef('f.return_id', '=', 'r.id').where('f.state', 'in', states),
  );

/** The condition of a queue on `returns as r` (any query that names the table so). */
export function inView(eb: Eb, view: ReturnView): Expression<SqlBool> {
  const coming = eb('r.state', 'in', ['approved', 'in_transit']);
  const arrived = eb.or([eb('r.parcel_status', '=', ARRIVED), eb('r.return_method', '=', 'shop')]);
  switch (view) {
    case 'to-approve':
      return eb('r.state', '=', 'requested');
    case 'in-transit':
      return eb.and([coming, eb.not(arrived)]);
    case 'to-inspect':
      return eb.and([coming, arrived]);
    case 'to-refund':
      return eb.and([eb('r.state', '=', 'received'), eb.not(refundIn(eb, ['failed']))]);
    case 'failed':
      return eb.and([eb('r.state', '=', 'received'), refundIn(eb, ['failed'])]);
  }
}

/** How many returns wait in each queue (the console's Today and tabs). */
export async function returnCounts(k: Db): Promise<Record<ReturnView, number>> {
  const row = await k
    .selectFrom('returns as r')
    .select((eb) =>
      RETURN_VIEWS.map((v) =>
        eb.fn.sum<number>(eb.case().when(inView(eb, v)).then(1).else(0).end()).as(v.replace('-', '_')),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = row as unknown as Record<string, number | string | null>;
  return Object.fromEntries(RETURN_VIEWS.map((v) => [v, Number(counts[v.replace('-', '_')] ?? 0)])) as Record<
    ReturnView,
    number
  >;
}
