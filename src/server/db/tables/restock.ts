import type { Generated } from 'kysely';

// Restock alerts and the wishlist (issue 32, migration 017). (The conventions of every table: schema.ts.)

/** `pending`: an email given in the request, until the link mailed to it is followed (never notified). */
export type RestockAlertState = 'pending' | 'waiting' | 'queued' | 'cancelled';

export interface RestockAlertsTable {
  id: Generated<number>;
  variant_id: number;
  /** The member who subscribed (their phone or email is read when the alert goes, unless one is kept here), or null. */
  user_id: number | null;
  /** A guest's (or a member without one's) proven mobile, or null. */
  phone: string | null;
  /** An email given when asking (a guest's, or a member's whose account has none), or null. */
  email: string | null;
  /** The language of the alert: the one it was asked in. */
  locale: string;
  state: Generated<RestockAlertState>;
  created_at: number;
  queued_at: number | null;
}

export interface WishlistItemsTable {
  user_id: number;
  variant_id: number;
  created_at: number;
}

export interface ShopSecretsTable {
  name: string;
  value: string;
}

/** One of a phone's RESTOCK_ALERTS_PER_HOUR hourly restock texts: free when used_at is an hour old. */
export interface RestockTextSlotsTable {
  phone: string;
  slot: number;
  used_at: number;
}
