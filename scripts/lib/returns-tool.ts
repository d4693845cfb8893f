import { type Actor, audited } from '../../src/server/admin/audit.ts';
import { forTerminal, jsonForTerminal, terminalSafe } from '../../src/server/common/terminal-text.ts';
import type { Deps } from '../../src/server/context.ts';
import { ReturnActionError } from '../../src/server/returns/refund.ts';
import { CANCEL_REASON_MAX, cancelRefund } from '../../src/server/returns/refund-cancel.ts';
import {
  approveReturn,
  orderNoOfReturn,
  type ReceivedLine,
  receiveReturn,
  refundReturn,
  rejectReturn,
} from '../../src/server/returns/return-admin.ts';
import { listReturns, returnForShop } from '../../src/server/returns/return-console.ts';
import { RETURN_STATES, type ReturnState } from '../../src/server/returns/return-states.ts';
import { ToolUsageError } from './owner-tool.ts';

export const RETURNS_USAGE =
  'usage: npm run orders -- returns list [--state S] | show <id> | approve <id> [--method parcel|shopper|shop] | reject <id> --reason X | receive <id> --line SKU:received[:damaged] … | refund <id> [--reference X] | cancel-refund <id> --reason X';

const money = (n: number) => `NT$${n.toLocaleString('en-US')}`;

/** `SKU:received[:damaged]` */
function parseLine(text: string): ReceivedLine {
  const m = /^(.+):(\d{1,2})(?::(\d{1,2}))?$/.exec(text);
  if (!m) throw new ToolUsageError(`--line is SKU:received[:damaged], not ${text}.`);
  return { sku: m[1]!, received_quantity: Number(m[2]), damaged_quantity: Number(m[3] ?? 0) };
}

/**
 * `npm run orders -- returns …`: the console's return actions through the same services, each in
 * the audit log under the return's order, by the terminal's user.
 */
export async function returnsCommand(
  deps: Deps,
  actor: Actor,
  args: {
    sub: string;
    id: string;
    state?: string;
    method?: string;
    reason?: string;
    reference?: string;
    lines?: string[];
  },
): Promise<void> {
  if (args.sub === 'list') {
    const state = args.state as ReturnState | undefined;
    if (state && !RETURN_STATES.includes(state))
      throw new ToolUsageError(`--state is one of ${RETURN_STATES.join(', ')}.`);
    const page = await listReturns(deps, { state, page: 1, limit: 100 });
    if (!page.data.length) console.log('No returns.');
    for (const r of page.data)
      console.log(
        [
          `#${r.id}`,
          r.order_no,
          r.state.padEnd(10),
          new Date(r.requested_at).toISOString().slice(0, 16).replace('T', ' '),
          `${r.quantity} pcs`,
          r.refund_amount === null ? '' : money(r.refund_amount),
          r.refund_state ?? '',
          terminalSafe(r.receiver_name),
        ].join('  '),
      );
    return;
  }
  if (!/^[1-9]\d{0,9}$/.test(args.id))
    throw new ToolUsageError(`returns ${args.sub} needs a return id.\n${RETURNS_USAGE}`);
  const id = Number(args.id);
  const no = await orderNoOfReturn(deps, id);
  if (!no) throw new ToolUsageError(`No return #${id}.`);
  const run = async (action: string, detail: string, work: () => Promise<unknown>) => {
    try {
      await audited(deps, actor, action, no, [`return ${id}`, detail].filter(Boolean).join(' '), work);
    } catch (err) {
      if (err instanceof ReturnActionError) throw new ToolUsageError(err.msg.en);
      throw err;
    }
  };
  if (args.sub === 'show') {
    console.log(jsonForTerminal(await returnForShop(deps, id, 'zh-TW')));
    return;
  }
  if (args.sub === 'approve') {
    const method = args.method || undefined;
    if (method !== undefined && method !== 'parcel' && method !== 'shopper' && method !== 'shop')
      throw new ToolUsageError('--method is parcel, shopper or shop.');
    await run('return-approve', method ?? '', () => approveReturn(deps, id, method));
  } else if (args.sub === 'reject') {
    const reason = (args.reason ?? '').trim();
    if (!reason) throw new ToolUsageError('reject needs --reason (the shopper reads it).');
    await run('return-reject', reason, () => rejectReturn(deps, id, reason));
  } else if (args.sub === 'receive') {
    const lines = (args.lines ?? []).map(parseLine);
    await run('return-receive', (args.lines ?? []).join(', '), () => receiveReturn(deps, id, lines));
  } else if (args.sub === 'refund') {
    await run('return-refund', args.reference ?? '', () =>
      refundReturn(deps, id, { reference: args.reference || undefined }),
    );
  } else if (args.sub === 'cancel-refund') {
    const reason = (args.reason ?? '').trim();
    if (!reason || reason.length > CANCEL_REASON_MAX)
      throw new ToolUsageError(`cancel-refund needs --reason (1 to ${CANCEL_REASON_MAX} characters).`);
    const refund = await deps.db.kysely
      .selectFrom('refunds')
      .select('id')
      .where('return_id', '=', id)
      .executeTakeFirst();
    if (!refund) throw new ToolUsageError(`Return #${id} has no refund.`);
    let settled = true;
    await run('refund-cancel', `refund ${refund.id} ${reason}`, async () => {
      settled = (await cancelRefund(deps, refund.id, reason)).allowanceSettled;
    });
    if (!settled)
      console.log('The allowance is not voided yet (the e-invoice service did not answer): run it again later.');
  } else throw new ToolUsageError(RETURNS_USAGE);
  const after = await returnForShop(deps, id, 'zh-TW');
  console.log(forTerminal`Return #${id} of ${no} is now ${after?.state ?? '?'}.`);
  if (after?.refund)
    console.log(
      forTerminal`Refund ${money(after.refund.amount)} by ${after.refund.method}: ${after.refund.state} ${after.refund.reason ?? ''}`,
    );
}
