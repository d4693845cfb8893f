/**
 * The shop owner's order tool, on the same database as the shop (SQLITE_PATH, or DATABASE_URL):
 *   npm run orders -- list [--state <state>] [--limit <n>] [--needs-action]
 *                      (--needs-action: orders with an invoice to handle by hand, or a payment to refund)
 *   npm run orders -- list --to-ship    (paid or collect-on-delivery orders not yet shipped, oldest first)
 *   npm run orders -- show <no>        (prints invoice_action_needed: ECPay's message, when set, and
 *                                       held_notices: parcel statuses kept for the owner)
 *   npm run orders -- ship <no>         (store pickup or home: creates the ECPay logistics order)
 *   npm run orders -- ship <no> --carrier <name> --tracking <number>   (a parcel sent another way)
 *   npm run orders -- label <no>        (writes the label page again and says where it is)
 *   npm run orders -- deliver <no>      (store pickup: picked up; shop pickup: from ready, never shipped)
 *   npm run orders -- complete <no>
 *   npm run orders -- cancel <no> [--reason <text>] [--unsent]
 *                      (a booked parcel: ECPay cancels 7-ELEVEN C2C ones not yet dropped off; for
 *                      the others ECPay has no cancel: --unsent when the parcel stays with the shop)
 *   npm run orders -- expire           (cancel unpaid orders past their deadline; run it on a schedule)
 *   npm run orders -- reconcile [<no>] (ask ECPay now whether unpaid orders were paid, and apply it)
 *   npm run orders -- resend-mail <no> (send the shopper's latest mail of the order again)
 *   npm run orders -- notify-test      (one test mail to SHOP_NOTIFY_EMAIL, and the webhook's if set: taken or not)
 *   npm run orders -- outbox [--failed] (the shop's mails and webhook events that wait, or were given up, with why)
 *   npm run orders -- returns list [--state <state>] | show <id> | approve <id> [--method shopper|shop]
 *                      | reject <id> --reason <text> | receive <id> --line SKU:received[:damaged] …
 *                      | refund <id> [--reference <transfer reference>]   (returns and refunds, issue 40)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Actor, audited } from '../src/server/admin/audit.ts';
import { forTerminal, jsonForTerminal, terminalSafe } from '../src/server/common/terminal-text.ts';
import type { Deps } from '../src/server/context.ts';
import type { OrderState } from '../src/server/db/schema.ts';
import { listOutbox, notifyTest } from '../src/server/notify/owner-commands.ts';
import {
  cancelForShop,
  completeOrder,
  deliverOrder,
  labelForShop,
  listForShop,
  listToShip,
  OrderAdminError,
  reconcileForShop,
  releaseUnpaid,
  resendMailForShop,
  shipByLogistics,
  shipOrder,
  showForShop,
} from '../src/server/orders/order-admin.ts';
import { ORDER_STATES } from '../src/server/orders/order-state.ts';
import { invoiceWorkSettled } from '../src/server/payment/invoicing.ts';
import { labelPage } from '../src/server/shipping/label.ts';
import { runOwnerTool, ToolUsageError } from './lib/owner-tool.ts';
import { returnsCommand } from './lib/returns-tool.ts';

const USAGE =
  'usage: npm run orders -- list [--to-ship|--needs-action]|show|ship|label|deliver|complete|cancel|expire|reconcile|resend-mail|notify-test|outbox|returns [<no>] [--carrier X --tracking Y] [--reason X] [--unsent] [--failed]';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    state: { type: 'string' },
    limit: { type: 'string', default: '20' },
    carrier: { type: 'string', default: '' },
    tracking: { type: 'string', default: '' },
    reason: { type: 'string', default: '' },
    unsent: { type: 'boolean', default: false },
    'needs-action': { type: 'boolean', default: false },
    'to-ship': { type: 'boolean', default: false },
    failed: { type: 'boolean', default: false },
    method: { type: 'string', default: '' },
    reference: { type: 'string', default: '' },
    line: { type: 'string', multiple: true },
  },
});
const [command, no = ''] = positionals;

/** The order actions of this tool land in the console's audit log, by the OS user, from the terminal. */
const actor: Actor = { staffId: null, who: `${userInfo().username} (terminal)`, ip: 'terminal' };
const money = (n: number) => `NT$${n.toLocaleString('en-US')}`;
const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

/** Writes the page that opens the shipment's print form beside the database (data/labels/) and returns its path. */
async function writeLabel(deps: Deps, orderNo: string): Promise<string> {
  const dir = resolve(dirname(deps.env.SQLITE_PATH), 'labels');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${orderNo}.html`);
  const form = await audited(deps, actor, 'label', orderNo, '', () => labelForShop(deps, orderNo));
  writeFileSync(file, labelPage(orderNo, form));
  return `${file} (open it in a browser and print ECPay's page)`;
}

async function run(deps: Deps): Promise<void> {
  if (command === 'returns') {
    const [, sub = '', id = ''] = positionals;
    return returnsCommand(deps, actor, {
      sub,
      id,
      state: values.state,
      method: values.method,
      reason: values.reason,
      reference: values.reference,
      lines: values.line,
    });
  }
  if (command === 'list') {
    const state = values.state as OrderState | undefined;
    if (state && !ORDER_STATES.includes(state))
      throw new ToolUsageError(`--state is one of ${ORDER_STATES.join(', ')}.`);
    const limit = Math.max(1, Math.min(500, Number(values.limit) || 20));
    const rows = values['to-ship']
      ? await listToShip(deps, limit)
      : await listForShop(deps, { state, limit, needsAction: values['needs-action'] });
    if (!rows.length) console.log('No orders.');
    for (const r of rows)
      console.log(
        [
          r.no,
          r.state.padEnd(16),
          when(Number(r.created_at)),
          money(r.total).padStart(10),
          r.shipping_method,
          r.payment_method,
          terminalSafe(r.receiver_name),
          ...(Number(r.needs_refund) ? ['NEEDS REFUND'] : []),
          ...(r.invoice_action_needed ? [forTerminal`INVOICE ACTION NEEDED: ${r.invoice_action_needed}`] : []),
        ].join('  '),
      );
    return;
  }
  if (command === 'expire') {
    const released = await releaseUnpaid(deps);
    console.log(
      released.length
        ? `Released ${released.length} unpaid orders: ${released.join(', ')}`
        : 'No unpaid order is past its deadline.',
    );
    return;
  }
  if (command === 'reconcile') {
    const reports = no
      ? await audited(deps, actor, 'reconcile', no, '', () => reconcileForShop(deps, no))
      : await reconcileForShop(deps);
    if (!reports.length) console.log('No order awaits payment with a payment attempt.');
    for (const r of reports) {
      const said = r.result === 'paid' ? 'paid at ECPay' : r.result === 'unpaid' ? 'not paid' : 'no answer from ECPay';
      console.log(`${r.no}  ${said}`);
      for (const c of r.checks)
        console.log(forTerminal`  ${c.merchantTradeNo}  ${c.answer}` + (c.outcome ? forTerminal` → ${c.outcome}` : ''));
    }
    return;
  }
  if (command === 'notify-test') {
    const r = await notifyTest(deps);
    if (!r.mail && !r.webhook)
      throw new ToolUsageError(
        'SHOP_NOTIFY_EMAIL is not set (one or more addresses, comma-separated): nothing to test.',
      );
    if (r.mail?.ok) console.log(`The mail server (${deps.mail.name}) took the test mail to ${r.to.join(', ')}.`);
    else if (r.mail)
      console.log(`The mail server (${deps.mail.name}) refused the test mail: ${terminalSafe(r.mail.error)}`);
    if (r.webhook?.ok) console.log(`The webhook at ${r.webhook.host} took the signed test event.`);
    else if (r.webhook)
      console.log(forTerminal`The webhook at ${r.webhook.host} refused the test event: ${r.webhook.error}`);
    if (r.mail?.ok === false || r.webhook?.ok === false) process.exitCode = 1;
    return;
  }
  if (command === 'outbox') {
    const limit = Math.max(1, Math.min(500, Number(values.limit) || 20));
    const rows = await listOutbox(deps, { failed: values.failed ?? false, limit });
    if (!rows.length) console.log(values.failed ? 'No mail was given up.' : 'Nothing waits to be sent.');
    for (const r of rows)
      console.log(
        [
          `#${r.id}`,
          r.purpose.padEnd(18),
          terminalSafe(r.recipient).padEnd(8),
          r.no ?? terminalSafe(r.subject),
          `tries ${r.attempts}`,
          r.state === 'pending' ? `next ${when(Number(r.next_at))}` : 'given up',
          ...(r.last_error ? [forTerminal`why: ${r.last_error}`] : []),
        ].join('  '),
      );
    return;
  }
  if (!no) throw new ToolUsageError(`${command ?? ''} needs an order number.\n${USAGE}`);
  if (command === 'show') {
    console.log(jsonForTerminal(await showForShop(deps, no)));
  } else if (command === 'ship' && !values.carrier && !values.tracking) {
    const { shipment, created } = await audited(deps, actor, 'ship', no, 'ECPay logistics', () =>
      shipByLogistics(deps, no),
    );
    console.log(
      `${created ? 'Created' : 'Already created'}: ${forTerminal`${shipment.carrier} logistics order ${shipment.logistics_id} for ${no}.`}`,
    );
    console.log(forTerminal`Shipping code: ${shipment.shipping_code}`);
    if (shipment.store)
      console.log(forTerminal`To: ${shipment.store.name} (${shipment.store.id}), ${shipment.store.address}`);
    console.log(`Label: ${await writeLabel(deps, no)}`);
  } else if (command === 'ship') {
    await audited(deps, actor, 'ship', no, `${values.carrier} ${values.tracking}`, () =>
      shipOrder(deps, no, values.carrier ?? '', values.tracking ?? ''),
    );
    console.log(
      forTerminal`Order ${no} shipped with ${values.carrier}, tracking ${values.tracking}; the receiver was texted.`,
    );
  } else if (command === 'label') {
    console.log(`Label: ${await writeLabel(deps, no)}`);
  } else if (command === 'deliver') {
    console.log(`Order ${no} is now ${await audited(deps, actor, 'deliver', no, '', () => deliverOrder(deps, no))}.`);
  } else if (command === 'complete') {
    await audited(deps, actor, 'complete', no, '', () => completeOrder(deps, no));
    console.log(`Order ${no} is now completed.`);
  } else if (command === 'cancel') {
    const parcel = await audited(deps, actor, 'cancel', no, values.reason ?? '', () =>
      cancelForShop(deps, no, values.reason ?? '', { unsent: values.unsent }),
    );
    if (parcel === 'cancelled') console.log(`ECPay cancelled the logistics order of ${no}.`);
    if (parcel === 'unsent') console.log(`The parcel of ${no} stays with the shop: do not hand it over.`);
    console.log(`Order ${no} is cancelled; its stock is back on the shelf.`);
  } else if (command === 'resend-mail') {
    const sent = await audited(deps, actor, 'resend-mail', no, '', () => resendMailForShop(deps, no));
    console.log(`The shopper's ${sent.purpose} mail of ${no} was sent again to ${sent.to}.`);
  } else {
    throw new ToolUsageError(USAGE);
  }
}

// An invoice issued or voided by this command finishes before the database closes.
await runOwnerTool(run, OrderAdminError, invoiceWorkSettled);
