import type { Generated } from 'kysely';

// Members, their sessions and codes, the outboxes and rate-limit counters. (The conventions of every table: schema.ts.)

export interface MembersTable {
  id: Generated<number>;
  uid: string;
  no: string;
  name: string;
  email: string | null;
  phone: string | null;
  password_hash: string;
  email_verify: number;
  phone_verify: number;
  zipcode: string;
  city: string;
  area: string;
  addr: string;
  status: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  member_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface OtpCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface ResetTicketsTable {
  id: Generated<number>;
  member_id: number;
  ticket_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code: string;
  text: string;
  provider: string;
  created_at: number;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  subject: string;
  text: string;
  link: string;
  /** The HTML twin of `text` (migration 015); empty for plain-text mails. */
  html: Generated<string>;
  provider: string;
  created_at: number;
}

/** A new email address waiting for its owner to follow the link sent to it. */
export interface EmailChangesTable {
  id: Generated<number>;
  member_id: number;
  email: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}
