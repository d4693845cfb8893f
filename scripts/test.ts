/**
 * `npm test`: lint; then the unit and API tests while the type check and the site's build run beside
 * them; then the browser tests on that build. The Vitest files spend about half their time waiting
 * (database writes, their own servers, timers), and the type check and the build fill those gaps
 * instead of running after them. The tests print as they run; the type check's and the build's
 * output is printed whole once the tests are done, so the two never interleave. Any step failing
 * fails the command (the browser tests then do not run).
 *
 * TEST_BESIDE_BROWSER (a shell command, for CI) runs beside the browser tests, which spend most of
 * their time waiting on two browsers; its output is printed once they are done, and its failure fails
 * the command. CI runs the API suite on PostgreSQL there.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

interface Outcome {
  name: string;
  code: number;
  output: string;
}

/** Colours kept for a terminal when the output passes through a pipe on its way there. */
function liveEnv(live: boolean): NodeJS.ProcessEnv {
  return live && process.stdout.isTTY && !process.env.NO_COLOR ? { ...process.env, FORCE_COLOR: '1' } : process.env;
}

/**
 * The browser tests' failures, as Playwright's list reporter prints them at its end (each failure's
 * error, then the counts), printed again as the last thing `npm test` says: a CI log that shows only
 * its tail then names them, not the output of what ran beside them.
 */
function failuresOf(output: string): string {
  const lines = stripVTControlCharacters(output).split('\n');
  const first = lines.findIndex((line) => /^\s+\d+\) \[/.test(line));
  const failures = (first < 0 ? lines.slice(-40) : lines.slice(first)).slice(-200);
  // Each failure's page as Playwright saw it (its accessibility tree), which CI keeps nowhere else.
  // Playwright may name a failure's file twice (once per error of the test): each is printed once.
  const files = new Set(failures.flatMap((line) => /Error Context: (\S+)/.exec(line)?.[1] ?? []));
  const pages = [...files]
    .filter((file) => existsSync(file))
    .flatMap((file) => [`\n> ${file}\n`, ...readFileSync(file, 'utf8').split('\n').slice(0, 80)]);
  return [...failures, ...pages].join('\n');
}

/** Runs `npm run <script>`, its output kept (for the failures' summary, or to print later) and shown as it comes when `live`. */
function npmRun(script: string, live: boolean): Promise<Outcome> {
  return run(script, 'npm', ['run', '--silent', script], live);
}

function run(name: string, command: string, args: string[], live: boolean, shell = false): Promise<Outcome> {
  return new Promise((done) => {
    const child = spawn(command, args, { shell, stdio: ['ignore', 'pipe', 'pipe'], env: liveEnv(live) });
    const chunks: Buffer[] = [];
    const keep = (to: NodeJS.WriteStream) => (c: Buffer) => {
      chunks.push(c);
      if (live) to.write(c);
    };
    child.stdout?.on('data', keep(process.stdout));
    child.stderr?.on('data', keep(process.stderr));
    child.on('close', (code, signal) =>
      done({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
  });
}

/** Runs the scripts one after another, kept for later, stopping at the first that fails. */
async function inTurn(scripts: string[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const script of scripts) {
    const outcome = await npmRun(script, false);
    outcomes.push(outcome);
    if (outcome.code !== 0) break;
  }
  return outcomes;
}

const started = performance.now();
const since = () => `${((performance.now() - started) / 1000).toFixed(0)} s in`;
const failed = (o: Outcome) => o.code !== 0;

const lint = await npmRun('lint', true);
if (failed(lint)) process.exit(1);

console.log(`\nUnit and API tests; the type check and the site's build beside them (${since()})\n`);
const [unit, beside] = await Promise.all([npmRun('test:unit', true), inTurn(['typecheck', 'test:e2e:prepare'])]);
for (const o of beside) {
  console.log(`\n> npm run ${o.name} (run beside the tests; ${o.code === 0 ? 'passed' : `failed, exit ${o.code}`})\n`);
  process.stdout.write(o.output);
}
if (failed(unit) || beside.some(failed) || beside.length < 2) {
  console.error(
    `\nnpm test failed: ${[unit, ...beside]
      .filter(failed)
      .map((o) => o.name)
      .join(', ')} (${since()})`,
  );
  process.exit(1);
}

const besideCommand = process.env.TEST_BESIDE_BROWSER?.trim();
console.log(`\nBrowser tests${besideCommand ? `; \`${besideCommand}\` beside them` : ''} (${since()})\n`);
const [browser, besideBrowser] = await Promise.all([
  npmRun('test:e2e:run', true),
  besideCommand ? run(besideCommand, besideCommand, [], false, true) : null,
]);
if (besideBrowser) {
  console.log(
    `\n> ${besideBrowser.name} (run beside the browser tests; ${besideBrowser.code === 0 ? 'passed' : `failed, exit ${besideBrowser.code}`})\n`,
  );
  process.stdout.write(besideBrowser.output);
}
if (failed(browser))
  console.log(`\n> npm run test:e2e:run failed; its failures again:\n\n${failuresOf(browser.output)}`);
const failures = [browser, besideBrowser].filter((o) => o && failed(o)).map((o) => o?.name);
console.log(`\nnpm test ${failures.length === 0 ? 'passed' : `failed: ${failures.join(', ')}`} (${since()})`);
process.exit(failures.length === 0 ? 0 : 1);
