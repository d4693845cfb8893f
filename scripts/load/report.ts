/** One line of the suite's table: what a scenario tried, the promise it checked, and what it saw. */
export interface Row {
  scenario: string;
  tried: string;
  target: string;
  figure: string;
  held: boolean;
}

/** Collects rows; a row that did not hold makes the run fail. */
export class Report {
  readonly rows: Row[] = [];
  /** The database of the rows being added, shown beside each scenario name. */
  engine = '';

  add(input: Row): Row {
    const row = { ...input, scenario: this.engine ? `${input.scenario} [${this.engine}]` : input.scenario };
    this.rows.push(row);
    const mark = row.held ? 'held' : 'BROKEN';
    console.log(`  [${mark}] ${row.scenario}: ${row.figure}`);
    return row;
  }

  /** A scenario that could not run (a server died, a request failed) counts as a broken promise. */
  failed(scenario: string, tried: string, err: unknown): void {
    const why = err instanceof Error ? err.message : String(err);
    this.add({ scenario, tried, target: 'runs to the end', figure: `failed: ${why.slice(0, 160)}`, held: false });
  }

  get broken(): number {
    return this.rows.filter((r) => !r.held).length;
  }

  /** The table as Markdown, ready for docs/developer/testing.md and the issue note. */
  table(): string {
    const head = ['scenario', 'what was tried', 'target', 'figure', 'held?'];
    const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');
    const lines = [
      `| ${head.join(' | ')} |`,
      `|${head.map(() => '---').join('|')}|`,
      ...this.rows.map(
        (r) => `| ${[r.scenario, r.tried, r.target, r.figure].map(cell).join(' | ')} | ${r.held ? 'yes' : '**NO**'} |`,
      ),
    ];
    return lines.join('\n');
  }
}

export const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
