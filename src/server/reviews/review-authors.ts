import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The name a review is shown under: the first letter of its writer's name (the member's, else the
 * order's receiver's) and two stars, "王**", so that neither the full name nor an address shows.
 */
export function displayName(name: string): string {
  const first = [...name.trim()][0];
  return first ? `${first}**` : '**';
}

/** The display names of the writers of the reviews of `orderIds`, by order id. */
export async function authorsOf(k: Kysely<Database>, orderIds: number[]): Promise<Map<number, string>> {
  if (!orderIds.length) return new Map();
  const rows = await k
    .selectFrom('orders as o')
    .leftJoin('members as m', 'm.id', 'o.member_id')
    .select(['o.id', 'm.name', 'o.receiver_name'])
    .where('o.id', 'in', [...new Set(orderIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, displayName(r.name || r.receiver_name)]));
}
