import { logToStderr } from '../../src/server/common/log.ts';
import type { Deps } from '../../src/server/context.ts';
import { openDb } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { pickEmail, pickSms, systemClock } from '../../src/server/deps.ts';
import { readEnv } from '../../src/server/env.ts';
import { subscribeReturns } from '../../src/server/returns/returns-hooks.ts';
import { guardConsole } from './terminal.ts';

/** A command line the tool cannot run (an argument missing, an unknown value): its usage, exit status 1. */
export class ToolUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolUsageError';
  }
}

/**
 * Runs one of the owner's tools on the shop's database (SQLITE_PATH, or DATABASE_URL): migrated
 * first, closed after `settle` (work the command started in the background). A `Refusal` or a
 * ToolUsageError is the tool's own message for the terminal, with exit status 1; anything else is a
 * bug and throws.
 * Everything the tool prints goes through guardConsole (no control characters reach the terminal).
 */
export async function runOwnerTool(
  run: (deps: Deps) => Promise<void>,
  Refusal: new (...args: never[]) => Error,
  settle: () => Promise<void> = async () => {},
): Promise<void> {
  guardConsole();
  subscribeReturns();
  const env = readEnv();
  logToStderr();
  const db = openDb({ sqlitePath: env.SQLITE_PATH, databaseUrl: env.DATABASE_URL });
  try {
    await migrate(db);
    await run({
      db,
      env,
      clock: systemClock,
      sms: pickSms(env, db, systemClock),
      mail: pickEmail(env, db, systemClock),
    });
  } catch (err) {
    if (!(err instanceof Refusal) && !(err instanceof ToolUsageError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  } finally {
    await settle();
    await db.close();
  }
}
