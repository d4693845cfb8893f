import type { Generated } from 'kysely';

// Carts and what checkout keeps for a cart: the chosen store, map tickets, phone proofs. (The conventions of every table: schema.ts.)

/** A member's cart (member_id) or a guest's (token_hash); exactly one of the two is set. */
export interface CartsTable {
  id: Generated<number>;
  member_id: number | null;
  token_hash: string | null;
  created_at: number;
  updated_at: number;
}

/** One variant in a cart: quantity 1 to 99, and the unit price the shopper last saw. */
export interface CartItemsTable {
  id: Generated<number>;
  cart_id: number;
  variant_id: number;
  quantity: number;
  seen_price: number;
  created_at: number;
  updated_at: number;
}

/** The convenience store chosen on the map for a cart (store pickup only). */
export interface CheckoutStoresTable {
  id: Generated<number>;
  cart_id: number;
  brand: string;
  sub_type: string;
  store_id: string;
  store_name: string;
  address: string;
  telephone: Generated<string>;
  outside: Generated<number>;
  created_at: number;
}

/** A one-time ticket (hashed) sent through the map's ExtraData: the reply belongs to this cart. */
export interface CvsMapTicketsTable {
  id: Generated<number>;
  ticket_hash: string;
  cart_id: number;
  brand: string;
  locale: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A guest confirmed this mobile number by SMS code; the proof (hashed) is valid 30 minutes. */
export interface PhoneProofsTable {
  id: Generated<number>;
  proof_hash: string;
  phone: string;
  created_at: number;
  expires_at: number;
}
