/**
 * The operator's table of environment variables, written from the schema's own entries
 * (src/server/env.ts, `about(...)`): name, default and meaning. `npm run docs` puts it between the
 * markers of docs/operator/configuration.md (Biome then pads it, as `npm run lint` wants);
 * tests/unit/docs.test.ts fails when the committed table's cells and the schema's entries differ.
 */
import { z } from 'zod';
import { envSchema, variableDocs } from '../../../src/server/env.ts';

export const CONFIGURATION_MD = 'docs/operator/configuration.md';
export const TABLE_START = '<!-- variables:start (written by `npm run docs` from src/server/env.ts) -->';
export const TABLE_END = '<!-- variables:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function shownDefault(schema: z.ZodType, unset: string | undefined): string {
  if (schema instanceof z.ZodDefault) {
    const value: unknown = schema.def.defaultValue;
    if (value === '') return unset ?? '(empty)';
    return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
  }
  return unset ?? '(unset)';
}

/** Variables the schema reads that have no manual entry (each must have one). */
export function undocumentedVariables(): string[] {
  return Object.entries(envSchema.shape)
    .filter(([, schema]) => !variableDocs.get(schema))
    .map(([name]) => name);
}

/** The Markdown table, one row a variable in the schema's order. */
export function variablesTable(): string {
  const rows = Object.entries(envSchema.shape).map(([name, schema]) => {
    const doc = variableDocs.get(schema);
    if (!doc) throw new Error(`${name} has no manual entry: write it as about(schema, meaning) in src/server/env.ts`);
    return `| \`${name}\` | ${cell(shownDefault(schema, doc.unset))} | ${cell(doc.meaning)} |`;
  });
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The cells of a Markdown table's rows (header and body, not the separator), padding ignored. */
export function tableCells(table: string): string[][] {
  return table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
}

/** The table between the markers of `markdown`. */
export function committedTable(markdown: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${CONFIGURATION_MD} lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return markdown.slice(start + TABLE_START.length, end);
}

/** `markdown` with the text between the markers replaced by today's table. */
export function withVariablesTable(markdown: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${CONFIGURATION_MD} lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return `${markdown.slice(0, start + TABLE_START.length)}\n\n${variablesTable()}\n\n${markdown.slice(end)}`;
}
