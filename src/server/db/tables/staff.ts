import type { Generated } from 'kysely';

// The owner's console (issue 31, migration 016). (The conventions of every table: schema.ts.)

export type StaffRole = 'owner' | 'staff';
export type StaffStatus = 'setup' | 'active' | 'disabled';

export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  setup_token_hash: string | null;
  setup_expires_at: number | null;
  created_at: number;
  last_login_at: number | null;
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: number;
  code_hash: string;
  used_at: number | null;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  seen_at: number;
  revoked_at: number | null;
}

export interface AdminAuditTable {
  id: Generated<number>;
  at: number;
  staff_id: number | null;
  who: string;
  action: string;
  order_no: string;
  detail: Generated<string>;
  ip: string;
  ok: number;
}
