import { type Paged, paged } from '../common/envelope.ts';
import type { Deps } from '../context.ts';

/** Who acts on an order: a staff member from the console, or the owner on the server's terminal. */
export interface Actor {
  staffId: number | null;
  who: string;
  /** The client's address (TRUST_PROXY honoured), or `terminal` for the owner's commands. */
  ip: string;
}

export const AUDIT_DETAIL_MAX = 500;

export interface AuditRow {
  id: number;
  at: number;
  who: string;
  staff_id: number | null;
  staff_email: string | null;
  action: string;
  order_no: string;
  detail: string;
  ip: string;
  ok: boolean;
}

/**
 * Writes one row of the audit log: who (`actor`), what (`action`), on which order (or none), from
 * which address, done or refused.
 */
export async function recordAudit(
  deps: Deps,
  actor: Actor,
  row: { action: string; orderNo?: string; detail: string; ok: boolean },
): Promise<void> {
  await deps.db.kysely
    .insertInto('admin_audit')
    .values({
      at: deps.clock.now(),
      staff_id: actor.staffId,
      who: actor.who.slice(0, 120),
      action: row.action,
      order_no: (row.orderNo ?? '').slice(0, 40),
      detail: row.detail.slice(0, AUDIT_DETAIL_MAX),
      ip: actor.ip.slice(0, 64),
      ok: row.ok ? 1 : 0,
    })
    .execute();
}

/**
 * Runs one order action and records it in the audit log, done or refused (with why): who, when,
 * what, on which order, from which address. The action's own work keeps its own transactions.
 */
export async function audited<T>(
  deps: Deps,
  actor: Actor,
  action: string,
  orderNo: string,
  detail: string,
  run: () => Promise<T>,
): Promise<T> {
  const record = (ok: boolean, more: string) =>
    recordAudit(deps, actor, { action, orderNo, detail: [detail, more].filter(Boolean).join(' — '), ok });
  let result: T;
  try {
    result = await run();
  } catch (err) {
    await record(false, err instanceof Error ? `refused: ${err.message}` : 'refused');
    throw err;
  }
  await record(true, '');
  return result;
}

/** The audit log, newest first, of one order or all. */
export async function listAudit(
  deps: Deps,
  q: { orderNo?: string | undefined; page: number; limit: number },
): Promise<Paged<AuditRow>> {
  let base = deps.db.kysely.selectFrom('admin_audit as a').leftJoin('staff as s', 's.id', 'a.staff_id');
  if (q.orderNo) base = base.where('a.order_no', '=', q.orderNo);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['a.id', 'a.at', 'a.who', 'a.staff_id', 's.email', 'a.action', 'a.order_no', 'a.detail', 'a.ip', 'a.ok'])
    .orderBy('a.id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const data = rows.map((r) => ({
    id: Number(r.id),
    at: Number(r.at),
    who: r.who,
    staff_id: r.staff_id === null ? null : Number(r.staff_id),
    staff_email: r.email ?? null,
    action: r.action,
    order_no: r.order_no,
    detail: r.detail,
    ip: r.ip,
    ok: Number(r.ok) === 1,
  }));
  return paged(data, Number(count?.n ?? 0), q.page, q.limit);
}
