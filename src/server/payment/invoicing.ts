import { INVOICE_MAX_ATTEMPTS, INVOICE_RETRY_BASE_MS, INVOICE_RETRY_MAX_MS } from '../../config.ts';
import type { InvoiceChoice } from '../../lib/taiwan/invoice.ts';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import { notifyNeedsAction } from '../notify/outbox.ts';
import { ecpayConfig, ecpayEndpoints } from '../providers/ecpay/config.ts';
import { ecpayInvoice } from '../providers/invoice/ecpay-b2c.ts';
import {
  type FoundInvoice,
  INVOICE_ERRORS,
  type InvoiceProvider,
  InvoiceProviderError,
  type InvoiceRequest,
} from '../providers/invoice/invoice.ts';
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

/** The wait before the next try after `attempts` tries: 1, 2, 4, 8... minutes, capped. */
export const retryDelay = (attempts: number): number =>
  Math.min(INVOICE_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), INVOICE_RETRY_MAX_MS);

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);

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

/**
 * A line as invoice items at what it was sold for, discounts taken off its own amount (ECPay checks
 * that the items add up to the sales amount): whole NT$ unit prices, so a line whose discounted
 * amount does not divide by its quantity becomes two items, `q - r` at `p` and `r` at `p + 1`.
 */
export function invoiceItems(name: string, quantity: number, amount: number): InvoiceRequest['items'][number][] {
  const price = Math.floor(amount / quantity);
  const rest = amount - price * quantity;
  if (rest === 0) return [{ name, quantity, unitPrice: price }];
  return [
    { name, quantity: quantity - rest, unitPrice: price },
    { name, quantity: rest, unitPrice: price + 1 },
  ];
}

async function requestOf(deps: Deps, o: OrderRow): Promise<InvoiceRequest> {
  const lines = await deps.db.kysely
    .selectFrom('order_lines')
    .select(['name_zh', 'option_value_zh', 'quantity', 'unit_price', 'discount'])
    .where('order_id', '=', o.id)
    .orderBy('id')
    .execute();
  const items = lines.flatMap((l) =>
    invoiceItems(
      l.option_value_zh ? `${l.name_zh} ${l.option_value_zh}` : l.name_zh,
      l.quantity,
      l.unit_price * l.quantity - l.discount,
    ),
  );
  const shipping = o.shipping_fee - o.shipping_discount;
  if (shipping > 0) items.push({ name: '運費', quantity: 1, unitPrice: shipping });
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
 * Records a failed try of an issue or a void: the next one waits retryDelay(attempts); the last
 * allowed try, or a refusal no retry can change (`final`), flags the order for the shop's hand.
 */
async function recordFailure(deps: Deps, orderId: number, attempts: number, err: unknown, final = false) {
  const actionNeeded = final || attempts >= INVOICE_MAX_ATTEMPTS;
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('orders')
      .set({
        invoice_retry_at: deps.clock.now() + retryDelay(attempts),
        ...(actionNeeded ? { invoice_action_needed: messageOf(err) } : {}),
        updated_at: deps.clock.now(),
      })
      .where('id', '=', orderId)
      .execute();
    if (actionNeeded) await notifyNeedsAction(trx, orderId, 'invoice', deps.clock.now());
  });
}

/** Writes the invoice number once (compare-and-set on invoice_no); returns whether this call wrote it. */
async function recordIssued(deps: Deps, orderId: number, issued: FoundInvoice | Omit<FoundInvoice, 'voided'>) {
  const now = deps.clock.now();
  const written = await deps.db.kysely
    .updateTable('orders')
    .set({
      invoice_no: issued.invoiceNo,
      invoice_random: issued.randomNumber,
      invoice_issued_at: issued.issuedAt,
      invoice_retry_at: null,
      ...('voided' in issued && issued.voided ? { invoice_voided_at: now } : {}),
      updated_at: now,
    })
    .where('id', '=', orderId)
    .where('invoice_no', 'is', null)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) === 1;
}

/** What the provider holds under the order number, or null when it has none or cannot say now. */
async function lookUp(provider: InvoiceProvider, relateNumber: string): Promise<FoundInvoice | null> {
  try {
    return await provider.getIssue(relateNumber);
  } catch (err) {
    log.error({ event: 'invoice_lookup_failed', orderNo: relateNumber, err }, 'looking up an invoice failed');
    return null;
  }
}

/**
 * Issues the order's e-invoice when it is due and not yet issued. Never twice: the provider keys the
 * invoice on the order number (RelateNumber) and refuses a second Issue with it, and only the first
 * writer of invoice_no keeps it. When an Issue fails or its answer is lost (a timeout, a refusal as a
 * duplicate, any error), the invoice is looked up by RelateNumber and what the provider holds is
 * recorded; otherwise the attempt counts and the sweeper tries again after the backoff.
 * Returns whether this call wrote the number.
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
  const attempts = order.invoice_attempts + 1;
  try {
    return await recordIssued(deps, orderId, await provider.issue(await requestOf(deps, order)));
  } catch (err) {
    const held = await lookUp(provider, order.no);
    if (held) return recordIssued(deps, orderId, held);
    await recordFailure(deps, orderId, attempts, err);
    throw err;
  }
}

/**
 * Voids the invoice of a cancelled order once; returns whether this call recorded the void. A failed
 * void counts in invoice_void_attempts and waits the backoff; when the tries run out, or the period is
 * closed (only an allowance can undo the invoice), the order is flagged and voids stop.
 */
export async function voidInvoice(deps: Deps, orderId: number, provider = invoiceProvider(deps)): Promise<boolean> {
  const k = deps.db.kysely;
  const order = await k.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (order?.state !== 'cancelled' || !order.invoice_no || order.invoice_issued_at === null) return false;
  if (order.invoice_voided_at !== null || order.invoice_action_needed !== null) return false;
  if (order.invoice_void_attempts >= INVOICE_MAX_ATTEMPTS) return false;
  await k
    .updateTable('orders')
    .set((eb) => ({ invoice_void_attempts: eb('invoice_void_attempts', '+', 1) }))
    .where('id', '=', orderId)
    .execute();
  const attempts = order.invoice_void_attempts + 1;
  try {
    await provider.void({ invoiceNo: order.invoice_no, issuedAt: order.invoice_issued_at }, VOID_REASON);
  } catch (err) {
    const code = err instanceof InvoiceProviderError ? err.code : '';
    // An unclear void may have gone through: the provider's record says.
    const voided = code === INVOICE_ERRORS.unreachable && (await lookUp(provider, order.no))?.voided;
    if (!voided) {
      await recordFailure(deps, orderId, attempts, err, code === INVOICE_ERRORS.periodClosed);
      throw err;
    }
  }
  const written = await k
    .updateTable('orders')
    .set({ invoice_voided_at: deps.clock.now(), invoice_retry_at: null, updated_at: deps.clock.now() })
    .where('id', '=', orderId)
    .where('invoice_voided_at', 'is', null)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) === 1;
}

/**
 * The invoice pass of the sweeper: issues every invoice still due, voids those of cancelled orders,
 * each once its backoff has passed and until its tries run out or it is flagged for the shop.
 * Each order on its own, so that one failing order does not hold up the rest.
 */
export async function syncInvoices(
  deps: Deps,
  provider = invoiceProvider(deps),
): Promise<{ issued: number; voided: number; failed: number }> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const due = await k
    .selectFrom('orders')
    .select(['id', 'no'])
    .where('invoice_no', 'is', null)
    .where('state', 'in', [...INVOICED_STATES])
    .where('invoice_attempts', '<', INVOICE_MAX_ATTEMPTS)
    .where((eb) => eb.or([eb('invoice_retry_at', 'is', null), eb('invoice_retry_at', '<=', now)]))
    .where((eb) => eb.or([eb('paid_at', 'is not', null), eb('state', 'in', [...HANDED_OVER])]))
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const toVoid = await k
    .selectFrom('orders')
    .select(['id', 'no'])
    .where('state', '=', 'cancelled')
    .where('invoice_no', 'is not', null)
    .where('invoice_voided_at', 'is', null)
    .where('invoice_action_needed', 'is', null)
    .where('invoice_void_attempts', '<', INVOICE_MAX_ATTEMPTS)
    .where((eb) => eb.or([eb('invoice_retry_at', 'is', null), eb('invoice_retry_at', '<=', now)]))
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const counts = { issued: 0, voided: 0, failed: 0 };
  for (const { id, no } of due) {
    try {
      if (await issueInvoice(deps, id, provider)) counts.issued++;
    } catch (err) {
      counts.failed++;
      log.error({ event: 'invoice_issue_failed', orderNo: no, err }, 'issuing an invoice failed');
    }
  }
  for (const { id, no } of toVoid) {
    try {
      if (await voidInvoice(deps, id, provider)) counts.voided++;
    } catch (err) {
      counts.failed++;
      log.error({ event: 'invoice_void_failed', orderNo: no, err }, 'voiding an invoice failed');
    }
  }
  return counts;
}

const pending = new Set<Promise<unknown>>();

function inBackground(deps: Deps, work: Promise<unknown>, action: 'issue' | 'void', orderId: number) {
  const p = work.catch(async (err) => {
    // The order's number for the log line; its id when the database cannot say (it may be the cause).
    const no = await deps.db.kysely
      .selectFrom('orders')
      .select('no')
      .where('id', '=', orderId)
      .executeTakeFirst()
      .then((o) => o?.no)
      .catch(() => undefined);
    log.error(
      { event: `invoice_${action}_failed`, orderNo: no, orderId, err },
      'invoice work failed; the sweeper tries again',
    );
  });
  pending.add(p);
  void p.finally(() => pending.delete(p));
}

/** After an order became paid (committed): its invoice is issued without holding up the answer to ECPay. */
export function afterPaid(deps: Deps, orderId: number): void {
  inBackground(deps, issueInvoice(deps, orderId), 'issue', orderId);
}

/**
 * After any committed move of an order: issues the invoice of a cash-on-delivery order just handed
 * over, voids the invoice of an order just cancelled. Callers of moveOrder call it after commit.
 */
export function afterMove(deps: Deps, orderId: number, to: string): void {
  if (to === 'cancelled') inBackground(deps, voidInvoice(deps, orderId), 'void', orderId);
  else if ((HANDED_OVER as readonly string[]).includes(to) || to === 'paid')
    inBackground(deps, issueInvoice(deps, orderId), 'issue', orderId);
}

/** Resolves once the invoice work started so far has finished (a server stopping, a test reading). */
export async function invoiceWorkSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
