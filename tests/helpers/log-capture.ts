/**
 * Every test file's log lines (at debug) are kept in memory instead of printed, and written to the
 * run's log folder when the file ends: tests/helpers/log-global.ts greps them all for secrets.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { setLogSink } from '../../src/server/common/log.ts';

/** The lines of the running test file so far (tests may read them). */
export const capturedLines: string[] = [];
setLogSink((line) => capturedLines.push(line), 'debug');

afterAll(() => {
  const dir = inject('logDir');
  if (!dir || !capturedLines.length) return;
  const name = basename(expect.getState().testPath ?? 'unknown');
  writeFileSync(join(dir, `${name}-${process.pid}-${randomBytes(3).toString('hex')}.ndjson`), capturedLines.join(''));
});
