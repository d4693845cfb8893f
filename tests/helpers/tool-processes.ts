import { vi } from 'vitest';

/**
 * For a test file that runs the owner's tools as processes (`npm run orders`, `catalog`, `staff`, …):
 * each start loads the tool's modules, about a second on a quiet machine and several on one whose
 * cores are shared with other work (20 s and more at a load of 30 on two cores), and a test runs up to
 * eight of them one after another. Their tests get the time that work takes rather than the 30 s of
 * an in-process test.
 */
export function allowToolProcesses(): void {
  vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });
}
