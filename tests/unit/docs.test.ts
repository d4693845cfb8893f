import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks } from '../../scripts/lib/docs/links.ts';
import {
  CONFIGURATION_MD,
  committedTable,
  tableCells,
  undocumentedVariables,
  variablesTable,
} from '../../scripts/lib/docs/variables-table.ts';
import { envSchema } from '../../src/server/env.ts';

/**
 * The manual (issue 39): the operator's table of variables is the schema's own list, README stays
 * short, and no relative link or #anchor of README.md or docs/ leads nowhere.
 */
const root = process.cwd();

describe('the variables table', () => {
  it('has an entry (meaning, default) for every variable the schema reads', () => {
    expect(undocumentedVariables()).toEqual([]);
  });

  it('in docs/operator/configuration.md is the one `npm run docs` writes from src/server/env.ts', () => {
    const committed = tableCells(committedTable(readFileSync(CONFIGURATION_MD, 'utf8')));
    // When this fails: run `npm run docs` and commit the page.
    expect(committed).toEqual(tableCells(variablesTable()));
    expect(committed.length).toBe(Object.keys(envSchema.shape).length + 1);
  });

  it('shows a schema default, or what applies while unset, and keeps a | inside a cell', () => {
    const rows = new Map(tableCells(variablesTable()).map(([name, ...rest]) => [name, rest]));
    expect(rows.get('`PORT`')).toEqual(['`4321`', 'HTTP port']);
    expect(rows.get('`LOW_STOCK_AT`')?.[0]).toBe('`3`');
    expect(rows.get('`ECPAY_LIMIT_ATM`')?.[0]).toBe('`11-49999`');
    expect(rows.get('`CORS_ORIGINS`')?.[0]).toBe('(empty)');
    expect(rows.get('`METRICS_TOKEN`')?.[0]).toBe('(unset)');
    expect(tableCells('| a \\| b | c |')).toEqual([['a \\| b', 'c']]);
  });
});

describe('README.md', () => {
  it('is at most 150 lines', () => {
    expect(readFileSync('README.md', 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });
});

describe('the links of README.md and docs/', () => {
  it('all lead to a file and a heading that exist', () => {
    expect(brokenLinks(root)).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'docs-links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a missing file, a missing anchor and a wrong CJK anchor, and takes GitHub’s slugs', () => {
    mkdirSync(join(dir, 'docs/owner'), { recursive: true });
    writeFileSync(
      join(dir, 'docs/owner/orders.md'),
      [
        '# 訂單與出貨',
        '## Purchase pages in `npm run bench`',
        '## Shipping (ECPay logistics)',
        '## Shipping (ECPay logistics)',
        '```sh',
        '# not a heading',
        '```',
        '<a id="kept"></a>',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'README.md'),
      [
        '[ok](docs/owner/orders.md#訂單與出貨) [ok](docs/owner/orders.md#%E8%A8%82%E5%96%AE%E8%88%87%E5%87%BA%E8%B2%A8)',
        '[ok](docs/owner/orders.md#purchase-pages-in-npm-run-bench) [ok](docs/owner/orders.md#shipping-ecpay-logistics-1)',
        '[ok](docs/owner/orders.md#kept) [ok](docs/owner/) [ok](https://example.com/nowhere) `[code](nowhere.md)`',
        '[gone](docs/owner/missing.md)',
        '[bad anchor](docs/owner/orders.md#shipping)',
        '[bad cjk](docs/owner/orders.md#訂單)',
        '[no heading in code](docs/owner/orders.md#not-a-heading)',
        '[self](#nothing-here)',
        '```md',
        '[inside code](nowhere.md)',
        '```',
      ].join('\n'),
    );
    expect(brokenLinks(dir)).toEqual([
      'README.md:4: docs/owner/missing.md (no file docs/owner/missing.md)',
      'README.md:5: docs/owner/orders.md#shipping (no heading #shipping in docs/owner/orders.md)',
      'README.md:6: docs/owner/orders.md#訂單 (no heading #訂單 in docs/owner/orders.md)',
      'README.md:7: docs/owner/orders.md#not-a-heading (no heading #not-a-heading in docs/owner/orders.md)',
      'README.md:8: #nothing-here (no heading #nothing-here in README.md)',
    ]);
    expect(anchorsOf('## 聲林音響 Soundwood Audio — storefront')).toEqual(
      new Set(['聲林音響-soundwood-audio--storefront']),
    );
  });
});
