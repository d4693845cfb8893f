import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { unescapeCell } from '../../../lib/csv-cells.ts';
import { normalizeHeader } from './columns.ts';
import { EncodingError, utf8Guard } from './encoding.ts';
import type { Problem } from './messages.ts';

/** One data row: its first line in the file and its fields by normalised column name. */
export interface CsvRow {
  line: number;
  get(column: string): string | undefined;
}

export interface CsvHeader {
  /** Columns as written in the file. */
  names: string[];
  has(column: string): boolean;
}

/**
 * Streams a CSV file (a UTF-8 BOM, quoted fields with doubled quotes and line breaks, any column
 * order) as rows that know their first line number. The header row comes first through `onHeader`.
 * A file that is not UTF-8 fails with an EncodingError (see utf8Guard); a cell escaped against
 * formulas on export (`'=…`) is read without its apostrophe.
 */
export async function* readCsv(input: Readable, onHeader: (h: CsvHeader) => void): AsyncGenerator<CsvRow> {
  const parser = parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: true, trim: false });
  const guard = utf8Guard();
  // pipe() does not pass errors on: the guard's (and the file's) reach the parser, and so the loop below.
  input.on('error', (err) => parser.destroy(err));
  guard.on('error', (err) => {
    input.destroy();
    parser.destroy(err);
  });
  input.pipe(guard).pipe(parser);
  let index: Map<string, number> | null = null;
  // csv-parse counts a CR LF inside a quoted field as two lines; this undoes it.
  let crlfInFields = 0;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    let breaks = 0;
    for (const field of record) {
      if (!field.includes('\n') && !field.includes('\r')) continue;
      const crlf = field.split('\r\n').length - 1;
      crlfInFields += crlf;
      breaks += (field.match(/\r\n|\r|\n/g) ?? []).length;
    }
    const end = info.lines - crlfInFields;
    if (!index) {
      const map = new Map<string, number>();
      record.forEach((name, i) => {
        const key = normalizeHeader(name);
        if (key && !map.has(key)) map.set(key, i);
      });
      index = map;
      onHeader({ names: record.map((n) => n.trim()), has: (c) => map.has(normalizeHeader(c)) });
      continue;
    }
    const cols = index;
    yield {
      line: end - breaks,
      get: (column) => {
        const i = cols.get(normalizeHeader(column));
        return i === undefined ? undefined : unescapeCell(record[i] ?? '');
      },
    };
  }
}

/** What a failed read says: the first line that is not UTF-8, or where the CSV cannot be parsed. */
export function readProblem(err: unknown): Problem {
  if (err instanceof EncodingError) return { line: err.line, column: '', code: err.code };
  const e = err as Error & { lines?: number };
  return { line: e.lines ?? 0, column: '', code: 'csv_malformed', args: { reason: e.message } };
}
