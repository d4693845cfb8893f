/**
 * The run's log folder: each test file leaves its captured log lines there (log-capture.ts); at the
 * end of the run they are grepped for secrets, and the run fails when one is found (issue 30).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { secretsIn } from './log-secrets.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    logDir: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-test-logs-'));
  project.provide('logDir', dir);
  return () => {
    const found = readdirSync(dir).flatMap((f) =>
      secretsIn(readFileSync(join(dir, f), 'utf8')).map((s) => `${f}: ${s}`),
    );
    if (found.length) {
      throw new Error(`Secrets in the test run's logs (kept in ${dir}):\n${found.slice(0, 20).join('\n')}`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
