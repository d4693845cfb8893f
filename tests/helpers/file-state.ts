/**
 * Each worker runs file after file in one process (`isolate: false`: the modules of node_modules are
 * loaded once a worker, not once a file, which halves the suite's CPU time). Each file still starts as
 * it would in a process of its own: the shop's modules evaluated afresh (their caches and singletons
 * are per process, as one server's are), the memos its bundled copies share on `globalThis`
 * (`Symbol.for('shop.…')`: the build's data source, the page keys) gone, the environment as the worker
 * began, and the real clock.
 */
import { vi } from 'vitest';

const ENV = Symbol.for('test.worker-env');
const worker = globalThis as typeof globalThis & { [ENV]?: NodeJS.ProcessEnv };

vi.useRealTimers();
vi.resetModules();
for (const key of Object.getOwnPropertySymbols(globalThis)) {
  if (key.description?.startsWith('shop.')) delete (globalThis as Record<symbol, unknown>)[key];
}
worker[ENV] ??= { ...process.env };
const began = worker[ENV];
for (const name of Object.keys(process.env)) if (!(name in began)) delete process.env[name];
Object.assign(process.env, began);
