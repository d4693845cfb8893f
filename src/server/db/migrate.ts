import { sql } from 'kysely';
import type { Db } from './index.ts';
import * as m001 from './migrations/001_init.ts';
import * as m002 from './migrations/002_image_order.ts';
import * as m003 from './migrations/003_email.ts';
import * as m004 from './migrations/004_carts.ts';
import * as m005 from './migrations/005_cvs_sim_stores.ts';
import * as m005b from './migrations/005b_sim_ecpay_trades.ts';
import * as m005c from './migrations/005c_sim_invoices.ts';
import * as m007 from './migrations/007_orders.ts';
import * as m007b from './migrations/007b_checkout.ts';
import * as m008 from './migrations/008_related_index.ts';
import * as m009 from './migrations/009_invoice_followup.ts';
import * as m010 from './migrations/010_reconcile.ts';
import * as m011 from './migrations/011_shipments.ts';
import * as m012 from './migrations/012_catalog_admin.ts';
import * as m013 from './migrations/013_promotions.ts';
import * as m014 from './migrations/014_page_rebuilds.ts';
import * as m015 from './migrations/015_notifications.ts';
import * as m016 from './migrations/016_staff.ts';
import * as m017 from './migrations/017_restock_wishlist.ts';
import * as m018 from './migrations/018_line_login.ts';
import * as m019 from './migrations/019_related_order.ts';
import * as m020 from './migrations/020_sim_refunds.ts';
import * as m021 from './migrations/021_returns.ts';
import * as m022 from './migrations/022_returnable.ts';
import * as m023 from './migrations/023_order_guest_keys.ts';
import * as m024 from './migrations/024_return_parcels.ts';
import * as m025 from './migrations/025_refund_cancel.ts';
import * as m026 from './migrations/026_installments_wallets.ts';
import * as m027 from './migrations/027_reviews.ts';
import * as m028 from './migrations/028_review_mail_stops.ts';

/** Every migration in order. Add new ones at the end; never edit one that has shipped. */
const MIGRATIONS: { name: string; up: typeof m001.up }[] = [
  { name: '001_init', up: m001.up },
  { name: '002_image_order', up: m002.up },
  { name: '003_email', up: m003.up },
  { name: '004_carts', up: m004.up },
  { name: '005_cvs_sim_stores', up: m005.up },
  { name: '005b_sim_ecpay_trades', up: m005b.up },
  { name: '005c_sim_invoices', up: m005c.up },
  { name: '007_orders', up: m007.up },
  { name: '007b_checkout', up: m007b.up },
  { name: '008_related_index', up: m008.up },
  { name: '009_invoice_followup', up: m009.up },
  { name: '010_reconcile', up: m010.up },
  { name: '011_shipments', up: m011.up },
  { name: '012_catalog_admin', up: m012.up },
  { name: '013_promotions', up: m013.up },
  { name: '014_page_rebuilds', up: m014.up },
  { name: '015_notifications', up: m015.up },
  { name: '016_staff', up: m016.up },
  { name: '017_restock_wishlist', up: m017.up },
  { name: '018_line_login', up: m018.up },
  { name: '019_related_order', up: m019.up },
  { name: '020_sim_refunds', up: m020.up },
  { name: '021_returns', up: m021.up },
  { name: '022_returnable', up: m022.up },
  { name: '023_order_guest_keys', up: m023.up },
  { name: '024_return_parcels', up: m024.up },
  { name: '025_refund_cancel', up: m025.up },
  { name: '026_installments_wallets', up: m026.up },
  { name: '027_reviews', up: m027.up },
  { name: '028_review_mail_stops', up: m028.up },
];

/**
 * The migrations this code expects that the database has not recorded (readiness: schema behind);
 * all of them when the database has no record at all (a new, empty database).
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  let rows: { name: string }[];
  try {
    rows = (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db.kysely)).rows;
  } catch {
    rows = [];
  }
  const done = new Set(rows.map((r) => r.name));
  return MIGRATIONS.map((m) => m.name).filter((name) => !done.has(name));
}

/** Applies the migrations not yet recorded in `schema_migrations`; safe to run on every start. */
export async function migrate(db: Db): Promise<string[]> {
  const k = db.kysely;
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name varchar(100) PRIMARY KEY, applied_at bigint NOT NULL)`.execute(
    k,
  );
  const done = new Set(
    (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(k)).rows.map((r) => r.name),
  );
  const applied: string[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.name)) continue;
    await k.transaction().execute(async (trx) => {
      await m.up(trx as never, db.dialect);
      await sql`INSERT INTO schema_migrations (name, applied_at) VALUES (${m.name}, ${Date.now()})`.execute(trx);
    });
    applied.push(m.name);
  }
  return applied;
}
