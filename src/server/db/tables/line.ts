import type { Generated } from 'kysely';

// LINE Login (issue 32): links, sign-in attempts, and the LINE simulator's codes. (The conventions of every table: schema.ts.)

/** A member's LINE account: at most one each way. */
export interface MemberLineLinksTable {
  id: Generated<number>;
  member_id: number;
  /** LINE's user ID (the ID token's `sub`, U and 32 hex digits). */
  line_user_id: string;
  display_name: Generated<string>;
  created_at: number;
}

/** A sign-in with LINE under way: found by the state's digest, used once. */
export interface LineLoginStatesTable {
  id: Generated<number>;
  state_hash: string;
  nonce: string;
  code_verifier: string;
  purpose: 'login' | 'link';
  member_id: number | null;
  return_path: string;
  locale: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Authorization codes of the LINE simulator (providers/line/simulator.ts). */
export interface SimLineCodesTable {
  id: Generated<number>;
  code: string;
  client_id: string;
  redirect_uri: string;
  scope: string;
  nonce: Generated<string>;
  code_challenge: Generated<string>;
  code_challenge_method: Generated<string>;
  user_id: string;
  display_name: string;
  email: Generated<string>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
