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
    // A worker runs file after file in one process: node_modules is loaded once a worker, not once a
    // file (the whole suite alone on two cores: 245 s → 128–144 s, CPU 451 → 220 s). Each file still
    // starts with fresh shop modules, environment and clock (tests/helpers/file-state.ts).
    isolate: false,
    // The commands the tests run (the owner's tools, builds, `npm start`) load the shop's TypeScript:
    // with Node's compile cache each module is stripped and compiled once for the run, not per process
    // (as the rebuild schedule's builds do: scripts/lib/rebuild-scheduler.ts).
    env: { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache') },
    // Four files at once on two cores: a file spends about half its time waiting (the database's
    // writes, its own servers' answers, timers), and two workers left the cores idle half the run.
    maxWorkers: 4,
    // Log lines are captured per test file and grepped for secrets at the end (issue 30). file-state
    // first: the log module log-capture.ts sets its sink on must be the one the file then loads.
    globalSetup: ['tests/helpers/log-global.ts', 'tests/helpers/db-templates-global.ts'],
    setupFiles: ['tests/helpers/file-state.ts', 'tests/helpers/log-capture.ts'],
  },
});
