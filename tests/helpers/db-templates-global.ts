/**
 * The run's folder of database templates: the first test file that needs a migrated (or seeded)
 * SQLite database makes it there once, and every later one copies the file (test-app.ts). Removed at
 * the end of the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDir: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-test-templates-'));
  project.provide('templateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
