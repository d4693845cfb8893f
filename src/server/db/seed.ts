import type { Db } from './index.ts';
import { seedMembers } from './seed/members.ts';
import { seedRegions } from './seed/regions.ts';

/** Fills an empty database with the demo shop; does nothing when data is already there. */
export async function seed(db: Db): Promise<{ seeded: boolean }> {
  await seedRegions(db);
  await seedMembers(db);
  return { seeded: false };
}
