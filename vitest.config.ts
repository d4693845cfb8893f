import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Log lines are captured per test file and grepped for secrets at the end (issue 30).
    globalSetup: ['tests/helpers/log-global.ts'],
    setupFiles: ['tests/helpers/log-capture.ts'],
  },
});
