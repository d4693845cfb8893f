import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../src/server/providers');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const isSimulator = (path: string) => /simulator/.test(relative(ROOT, path));
const importsOf = (path: string) => [...readFileSync(path, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);

describe('provider modules', () => {
  it('real adapters never import a simulator (conventions 13)', () => {
    const adapters = files(ROOT).filter((f) => !isSimulator(f));
    expect(adapters.length).toBeGreaterThan(8);
    for (const file of adapters) {
      const simImports = importsOf(file).filter((i) => /simulator/.test(i));
      expect(simImports, relative(ROOT, file)).toEqual([]);
    }
  });

  it('every simulator route module is guarded by simulatorsOnly', () => {
    const routeModules = files(ROOT).filter((f) => isSimulator(f) && /new Hono/.test(readFileSync(f, 'utf8')));
    // ECPay cashier, logistics, e-invoice and its allowances, LINE Login.
    expect(routeModules.length).toBe(5);
    for (const file of routeModules)
      expect(readFileSync(file, 'utf8'), relative(ROOT, file)).toMatch(/\.use\('\*', simulatorsOnly\)/);
  });
});
