import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
/** The pages' styles: CSS files and the style blocks of Astro components (not the simulators' own pages). */
const STYLED = /\.(css|astro)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : STYLED.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('type weights', () => {
  it('the pages draw text in two weights only, 400 and 700 (a CJK font is loaded per weight, issue 33)', () => {
    const styled = files(SRC);
    expect(styled.length).toBeGreaterThan(20);
    const others: string[] = [];
    for (const file of styled) {
      for (const m of readFileSync(file, 'utf8').matchAll(/font-weight:\s*([^;}\n]+)/g)) {
        if (!['400', '700', 'normal', 'bold', 'inherit'].includes(m[1]!.trim()))
          others.push(`${relative(SRC, file)}: ${m[1]}`);
      }
    }
    expect(others).toEqual([]);
  });
});
