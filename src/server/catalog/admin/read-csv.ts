import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { normalizeHeader } from './columns.ts';

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
 */
export async function* readCsv(input: Readable, onHeader: (h: CsvHeader) => void): AsyncGenerator<CsvRow> {
  const parser = input.pipe(
    parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: true, trim: false }),
  );
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
        return i === undefined ? undefined : (record[i] ?? '');
      },
    };
  }
}
