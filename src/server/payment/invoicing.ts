import { INVOICE_MAX_ATTEMPTS } from '../../config.ts';
import type { InvoiceChoice } from '../../lib/taiwan/invoice.ts';
import type { Deps } from '../context.ts';
import { ecpayConfig, ecpayEndpoints } from '../providers/ecpay/config.ts';
import { ecpayInvoice } from '../providers/invoice/ecpay-b2c.ts';
import type { InvoiceProvider, InvoiceRequest } from '../providers/invoice/invoice.ts';
import type { OrderRow } from './owned-order.ts';

/** States in which an order's money is the shop's: its invoice is due. */
const INVOICED_STATES = ['paid', 'processing', 'shipped', 'delivered', 'picked_up', 'completed'] as const;
/** Cash on delivery and pay at pickup are paid when the parcel is handed over. */
const HANDED_OVER = ['delivered', 'picked_up', 'completed'] as const;
const VOID_REASON = 'Order cancelled';
/** Orders handled per retry pass. */
const BATCH = 50;

/**
 * The e-invoice service of `deps`: ECPay's B2C API in stage and production, else the local simulator
 * under the site's own origin (the same adapter, the same protocol).
 */
export function invoiceProvider(deps: Deps): InvoiceProvider {
  const config = ecpayConfig(deps.env);
  const origin = new URL(deps.env.SITE_URL).origin;
  return ecpayInvoice({
    account: config.invoice,
    baseUrl: ecpayEndpoints(deps.env, origin).invoice,
    now: () => deps.clock.now(),
  });
}

function choiceOf(o: OrderRow): InvoiceChoice {
  switch (o.invoice_type) {
    case 'mobile':
      return { kind: 'mobile', mobileBarcode: o.invoice_carrier };
    case 'certificate':
      return { kind: 'citizen', citizenCert: o.invoice_carrier };
    case 'donation':
      return { kind: 'donation', donationCode: o.invoice_donation_code };
    case 'company':
      return { kind: 'company', taxId: o.invoice_tax_id, companyName: o.invoice_title };
    default:
      return { kind: 'member' };
  }
}

const isDue = (o: OrderRow) =>
  o.invoice_no === null &&
  o.invoice_attempts < INVOICE_MAX_ATTEMPTS &&
  (INVOICED_STATES as readonly string[]).includes(o.state) &&
  (o.paid_at !== null || (HANDED_OVER as readonly string[]).includes(o.state));

async function shopAddress(deps: Deps): Promise<string> {
  const row = await deps.db.kysely
    .selectFrom('sys_vars')
    .select('data')
    .where('code', '=', 'addr')
    .where('locale', '=', 'zh-TW')
    .executeTakeFirst();
  return row?.data ?? '';
}

async function requestOf(deps: Deps, o: OrderRow): Promise<InvoiceRequest> {
  const lines = await deps.db.kysely
    .selectFrom('order_lines')
    .select(['name_zh', 'option_value_zh', 'quantity', 'unit_price'])
    .where('order_id', '=', o.id)
    .orderBy('id')
    .execute();
  const items = lines.map((l) => ({
    name: l.option_value_zh ? `${l.name_zh} ${l.option_value_zh}` : l.name_zh,
    quantity: l.quantity,
    unitPrice: l.unit_price,
  }));
  if (o.shipping_fee > 0) items.push({ name: '運費', quantity: 1, unitPrice: o.shipping_fee });
  // A company invoice is printed and needs an address: the delivery address, the pickup store's,
  // or for pickup at the shop the shop's own.
  const address = o.ship_addr
    ? `${o.ship_zipcode} ${o.ship_city}${o.ship_area}${o.ship_addr}`
    : o.cvs_store_address || (await shopAddress(deps));
  return {
    relateNumber: o.no,
    choice: choiceOf(o),
    buyer: { name: o.receiver_name, email: o.receiver_email || undefined, phone: o.receiver_phone, address },
    items,
    total: o.total,
  };
}

/**
 * Issues the order's e-invoice when it is due and not yet issued. Never twice: the provider keys the
 * invoice on the order number (RelateNumber), and only the first writer of invoice_no keeps it.
 * A failure counts an attempt; the sweeper tries again. Returns whether this call wrote the number.
 */
export async function issueInvoice(deps: Deps, orderId: number, provider = invoiceProvider(deps)): Promise<boolean> {
  const k = deps.db.kysely;
  const order = await k.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order || !isDue(order)) return false;
  await k
    .updateTable('orders')
    .set((eb) => ({ invoice_attempts: eb('invoice_attempts', '+', 1) }))
    .where('id', '=', orderId)
    .execute();
  const issued = await provider.issue(await requestOf(deps, order));
  const written = await k
    .updateTable('orders')
    .set({
      invoice_no: issued.invoiceNo,
      invoice_random: issued.randomNumber,
      invoice_issued_at: issued.issuedAt,
      updated_at: deps.clock.now(),
    })
    .where('id', '=', orderId)
    .where('invoice_no', 'is', null)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) === 1;
}

/** Voids the invoice of a cancelled order once; returns whether this call recorded the void. */
export async function voidInvoice(deps: Deps, orderId: number, provider = invoiceProvider(deps)): Promise<boolean> {
  const k = deps.db.kysely;
  const order = await k.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (order?.state !== 'cancelled' || !order.invoice_no || order.invoice_issued_at === null) return false;
  if (order.invoice_voided_at !== null) return false;
  await provider.void({ invoiceNo: order.invoice_no, issuedAt: order.invoice_issued_at }, VOID_REASON);
  const written = await k
    .updateTable('orders')
    .set({ invoice_voided_at: deps.clock.now(), updated_at: deps.clock.now() })
    .where('id', '=', orderId)
    .where('invoice_voided_at', 'is', null)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) === 1;
}

/**
 * The invoice pass of the sweeper: issues every invoice still due, voids those of cancelled orders.
 * Each order on its own, so that one failing order does not hold up the rest.
 */
export async function syncInvoices(deps: Deps): Promise<{ issued: number; voided: number; failed: number }> {
  const k = deps.db.kysely;
  const provider = invoiceProvider(deps);
  const due = await k
    .selectFrom('orders')
    .select('id')
    .where('invoice_no', 'is', null)
    .where('state', 'in', [...INVOICED_STATES])
    .where('invoice_attempts', '<', INVOICE_MAX_ATTEMPTS)
    .where((eb) => eb.or([eb('paid_at', 'is not', null), eb('state', 'in', [...HANDED_OVER])]))
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const toVoid = await k
    .selectFrom('orders')
    .select('id')
    .where('state', '=', 'cancelled')
    .where('invoice_no', 'is not', null)
    .where('invoice_voided_at', 'is', null)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const counts = { issued: 0, voided: 0, failed: 0 };
  for (const { id } of due) {
    try {
      if (await issueInvoice(deps, id, provider)) counts.issued++;
    } catch (err) {
      counts.failed++;
      console.error(`[invoice] issuing for order ${id} failed`, err);
    }
  }
  for (const { id } of toVoid) {
    try {
      if (await voidInvoice(deps, id, provider)) counts.voided++;
    } catch (err) {
      counts.failed++;
      console.error(`[invoice] voiding for order ${id} failed`, err);
    }
  }
  return counts;
}

const pending = new Set<Promise<unknown>>();

function inBackground(work: Promise<unknown>, what: string) {
  const p = work.catch((err) => console.error(`[invoice] ${what} failed; the sweeper tries again`, err));
  pending.add(p);
  void p.finally(() => pending.delete(p));
}

/** After an order became paid (committed): its invoice is issued without holding up the answer to ECPay. */
export function afterPaid(deps: Deps, orderId: number): void {
  inBackground(issueInvoice(deps, orderId), `issuing for order ${orderId}`);
}

/**
 * After any committed move of an order: issues the invoice of a cash-on-delivery order just handed
 * over, voids the invoice of an order just cancelled. Callers of moveOrder call it after commit.
 */
export function afterMove(deps: Deps, orderId: number, to: string): void {
  if (to === 'cancelled') inBackground(voidInvoice(deps, orderId), `voiding for order ${orderId}`);
  else if ((HANDED_OVER as readonly string[]).includes(to) || to === 'paid')
    inBackground(issueInvoice(deps, orderId), `issuing for order ${orderId}`);
}

/** Resolves once the invoice work started so far has finished (a server stopping, a test reading). */
export async function invoiceWorkSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
