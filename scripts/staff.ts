/**
 * The shop owner's staff tool for the console at /admin, on the same database as the shop
 * (SQLITE_PATH, or DATABASE_URL):
 *   npm run staff -- add <email> --name <name> --role owner|staff   (prints a one-time setup link, 24 h)
 *   npm run staff -- list
 *   npm run staff -- disable <email>   (signs out every session)
 *   npm run staff -- reset <email>     (password, TOTP and recovery codes cleared; a new setup link)
 * The link's host is SITE_URL.
 */
import { parseArgs } from 'node:util';
import { addStaff, disableStaff, listStaff, resetStaff } from '../src/server/admin/staff-accounts.ts';
import { StaffAdminError } from '../src/server/admin/staff-errors.ts';
import { terminalSafe } from '../src/server/common/terminal-text.ts';
import type { Deps } from '../src/server/context.ts';
import { runOwnerTool } from './lib/owner-tool.ts';

const USAGE =
  'usage: npm run staff -- add <email> --name <name> --role owner|staff | list | disable <email> | reset <email>';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string', default: '' }, role: { type: 'string', default: '' } },
});
const [command, email = ''] = positionals;

const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16));

async function run(deps: Deps): Promise<void> {
  if (command === 'list') {
    const rows = await listStaff(deps);
    if (!rows.length)
      console.log('No staff accounts. Add the owner: npm run staff -- add <email> --name <name> --role owner');
    for (const r of rows)
      console.log(
        [
          terminalSafe(r.email),
          r.role.padEnd(5),
          r.status.padEnd(8),
          `last sign-in ${when(r.last_login_at)}`,
          terminalSafe(r.name),
        ].join('  '),
      );
    return;
  }
  if (!email) throw new StaffAdminError('VALIDATION_FAILED', `${command ?? ''} needs an email address.\n${USAGE}`);
  if (command === 'add') {
    const link = await addStaff(deps, { email, name: values.name ?? '', role: values.role ?? '' });
    console.log(
      `Added ${link.email} (${values.role}). Send them this setup link; it works once, until ${link.expires_at}:`,
    );
    console.log(link.setup_url);
  } else if (command === 'disable') {
    await disableStaff(deps, email);
    console.log(`${email} is disabled and signed out everywhere.`);
  } else if (command === 'reset') {
    const link = await resetStaff(deps, email);
    console.log(
      `${link.email} starts over: password, authenticator and recovery codes cleared, signed out. New setup link, until ${link.expires_at}:`,
    );
    console.log(link.setup_url);
  } else {
    throw new StaffAdminError('VALIDATION_FAILED', USAGE);
  }
}

await runOwnerTool(run, StaffAdminError);
