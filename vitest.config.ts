import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Four files at once on two cores: a file spends about half its time waiting (the database's
    // writes, its own servers' answers, timers), and two workers left the cores idle half the run.
    maxWorkers: 4,
    // Log lines are captured per test file and grepped for secrets at the end (issue 30).
    globalSetup: ['tests/helpers/log-global.ts'],
    setupFiles: ['tests/helpers/log-capture.ts'],
  },
});
