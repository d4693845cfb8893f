/**
 * The states of a return (issue 40), one list for the server and the pages: requested → approved (or
 * rejected) → in_transit → received → refunded → closed; or cancelled before received.
 */
export const RETURN_STATES = [
  'requested',
  'approved',
  'rejected',
  'in_transit',
  'received',
  'refunded',
  'closed',
  'cancelled',
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
