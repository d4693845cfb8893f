/**
 * The shop owner's promotions tool, on the same database as the shop (SQLITE_PATH, or DATABASE_URL):
 *   npm run promotions -- add-code <CODE> (--off <NT$> | --percent <n> [--cap <NT$>]) [--min <NT$>]
 *        [--uses <n>] [--per-member <n>] [--from <date>] [--to <date>] [--first-order] [--members-only]
 *        [--combinable] [--brands a,b] [--categories a,b] [--name <text>] [--name-en <text>]
 *   npm run promotions -- add-auto --name <text> --tier <min>:<off> [--tier ...] [--from] [--to]
 *        [--free-shipping-over <NT$>] [--brands a,b] [--categories a,b] [--name-en <text>]
 *   npm run promotions -- list | show <CODE> | disable <CODE>
 * Dates are days in Taiwan (2026-11-30; --to includes that day) or times (2026-11-30T18:00).
 */
import { parseArgs } from 'node:util';
import { terminalSafe } from '../src/server/common/terminal-text.ts';
import type { Deps } from '../src/server/context.ts';
import {
  addAuto,
  addCode,
  disableCode,
  listPromotions,
  PromotionAdminError,
  showCode,
} from '../src/server/promotions/promotion-admin.ts';
import { runOwnerTool, ToolUsageError } from './lib/owner-tool.ts';

const USAGE =
  'usage: npm run promotions -- add-code <CODE> ... | add-auto --name <text> --tier <min>:<off> ... | list | show <CODE> | disable <CODE>';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    off: { type: 'string' },
    percent: { type: 'string' },
    cap: { type: 'string' },
    min: { type: 'string' },
    uses: { type: 'string' },
    'per-member': { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    'first-order': { type: 'boolean', default: false },
    'members-only': { type: 'boolean', default: false },
    combinable: { type: 'boolean', default: false },
    brands: { type: 'string' },
    categories: { type: 'string' },
    name: { type: 'string' },
    'name-en': { type: 'string' },
    tier: { type: 'string', multiple: true },
    'free-shipping-over': { type: 'string' },
  },
});
const [command, code = ''] = positionals;

const money = (n: number | null) => (n === null ? '—' : `NT$${n.toLocaleString('en-US')}`);
const day = (ms: number | string | null) =>
  ms === null ? '—' : new Date(Number(ms) + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 16);

async function run(deps: Deps): Promise<void> {
  if (command === 'add-code') {
    if (!code) throw new ToolUsageError(`add-code needs the code.\n${USAGE}`);
    const p = await addCode(deps, {
      code,
      off: values.off,
      percent: values.percent,
      cap: values.cap,
      min: values.min,
      uses: values.uses,
      perMember: values['per-member'],
      from: values.from,
      to: values.to,
      firstOrder: values['first-order'],
      membersOnly: values['members-only'],
      combinable: values.combinable,
      brands: values.brands,
      categories: values.categories,
      name: values.name,
      nameEn: values['name-en'],
    });
    console.log(`Added code ${p.code}: ${terminalSafe(p.name_zh)} (${day(p.starts_at)} – ${day(p.ends_at)}).`);
  } else if (command === 'add-auto') {
    const p = await addAuto(deps, {
      name: values.name ?? '',
      nameEn: values['name-en'],
      tiers: values.tier ?? [],
      freeShippingOver: values['free-shipping-over'],
      from: values.from,
      to: values.to,
      brands: values.brands,
      categories: values.categories,
    });
    console.log(
      `Added automatic promotion ${p.id}: ${terminalSafe(p.name_zh)} (${day(p.starts_at)} – ${day(p.ends_at)}).`,
    );
  } else if (command === 'list') {
    const rows = await listPromotions(deps);
    if (!rows.length) console.log('No promotions.');
    for (const p of rows)
      console.log(
        [
          terminalSafe(p.code ?? `auto #${p.id}`).padEnd(16),
          (p.disabled_at !== null ? 'disabled' : 'active').padEnd(9),
          `${p.used}${p.max_uses === null ? '' : `/${p.max_uses}`} used`.padEnd(12),
          `${day(p.starts_at)} – ${day(p.ends_at)}`,
          terminalSafe(p.name_zh),
        ].join('  '),
      );
  } else if (command === 'show') {
    if (!code) throw new ToolUsageError(`show needs the code.\n${USAGE}`);
    const { promotion: p, uses } = await showCode(deps, code);
    console.log(`${terminalSafe(p.code ?? '')}  ${terminalSafe(p.name_zh)} / ${terminalSafe(p.name_en)}`);
    console.log(
      `  ${p.off_amount !== null ? `${money(p.off_amount)} off` : `${p.off_percent}% off, at most ${money(p.cap)}`}; minimum ${money(p.min_spend)}`,
    );
    console.log(
      `  valid ${day(p.starts_at)} – ${day(p.ends_at)} (Taiwan time)${p.disabled_at !== null ? ', disabled' : ''}`,
    );
    console.log(
      `  used ${p.used}${p.max_uses === null ? '' : ` of ${p.max_uses}`}; per member ${p.per_member ?? 'no limit'}${p.first_order ? '; first order only' : ''}${p.members_only ? '; members only' : ''}${p.combinable ? '; combines with automatic promotions' : ''}`,
    );
    for (const u of uses)
      console.log(
        `  ${u.no}  ${u.state.padEnd(16)} ${money(u.amount)}${u.released_at !== null ? '  (given back)' : ''}`,
      );
  } else if (command === 'disable') {
    if (!code) throw new ToolUsageError(`disable needs the code.\n${USAGE}`);
    await disableCode(deps, code);
    console.log(`Code ${code.toUpperCase()} can no longer be used.`);
  } else {
    throw new ToolUsageError(USAGE);
  }
}

await runOwnerTool(run, PromotionAdminError);
