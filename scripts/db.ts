/** `npm run db:migrate` and `npm run db:seed`: on SQLITE_PATH, or on PostgreSQL when DATABASE_URL is set. */
import { openDb } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { readEnv } from '../src/server/env.ts';
import { seed } from '../src/server/seed/seed.ts';

const action = process.argv[2];
if (action !== 'migrate' && action !== 'seed') {
  console.error('usage: node scripts/db.ts migrate|seed');
  process.exit(2);
}
const env = readEnv();
const db = openDb({ sqlitePath: env.SQLITE_PATH, databaseUrl: env.DATABASE_URL });
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Migrations: up to date.');
  if (action === 'seed') {
    const { seeded } = await seed(db);
    console.log(seeded ? 'Seeded the demo shop.' : 'Demo data already present: nothing to seed.');
  }
} finally {
  await db.close();
}
