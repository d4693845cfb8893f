import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The commands the tests run (the owner's tools, builds, `npm start`) load the shop's TypeScript:
    // with Node's compile cache each module is stripped and compiled once for the run, not per process
    // (as the rebuild schedule's builds do: scripts/lib/rebuild-scheduler.ts).
    env: { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache') },
    // Four files at once on two cores: a file spends about half its time waiting (the database's
    // writes, its own servers' answers, timers), and two workers left the cores idle half the run.
    maxWorkers: 4,
    // Log lines are captured per test file and grepped for secrets at the end (issue 30).
    globalSetup: ['tests/helpers/log-global.ts', 'tests/helpers/db-templates-global.ts'],
    setupFiles: ['tests/helpers/log-capture.ts'],
  },
});
