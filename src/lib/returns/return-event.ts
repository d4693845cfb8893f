import { RETURN_STATES, type ReturnState } from './return-states.ts';

/**
 * A return's move as its order's timeline records it: the note `return:<id>:<state>`, then the move's
 * own note (how it comes back, the carrier's notice), as the server's return-states.ts writes it.
 */
export interface ReturnEvent {
  id: number;
  state: ReturnState;
  note: string;
}

const STATES: readonly string[] = RETURN_STATES;

/** The return's move an order timeline's note records, or null for any other note. */
export function returnEventOf(note: string): ReturnEvent | null {
  const m = /^return:(\d+):([a-z_]+)(?: ([\s\S]*))?$/.exec(note);
  if (!m || !STATES.includes(m[2]!)) return null;
  return { id: Number(m[1]), state: m[2] as ReturnState, note: m[3] ?? '' };
}
