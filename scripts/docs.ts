/**
 * `npm run docs`: writes the table of environment variables in docs/operator/configuration.md from
 * the schema's entries (src/server/env.ts), then lets Biome pad it as the lint wants. Run it after
 * adding or changing a variable, and commit the page with the code.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { CONFIGURATION_MD, withVariablesTable } from './lib/docs/variables-table.ts';

writeFileSync(CONFIGURATION_MD, withVariablesTable(readFileSync(CONFIGURATION_MD, 'utf8')));
const biome = spawnSync('npx', ['biome', 'format', '--write', CONFIGURATION_MD], { stdio: 'inherit' });
if (biome.status !== 0) process.exit(biome.status ?? 1);
console.log(`${CONFIGURATION_MD}: the variables table is written from src/server/env.ts.`);
