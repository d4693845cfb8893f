import { terminalSafeLines } from '../../src/server/common/terminal-text.ts';

let guarded = false;

/**
 * Makes console.log, console.info, console.warn and console.error of this process print strings
 * through terminalSafeLines: a stored text that reaches an owner tool's output (a name, an address,
 * a provider's message) can no longer send escape sequences or bidirectional overrides to the
 * terminal. Line breaks and tabs the tool writes itself are kept. Values that are not strings are
 * printed as console prints them.
 */
export function guardConsole(): void {
  if (guarded) return;
  guarded = true;
  for (const name of ['log', 'info', 'warn', 'error'] as const) {
    const print = console[name].bind(console);
    console[name] = (...args: unknown[]) =>
      print(...args.map((a) => (typeof a === 'string' ? terminalSafeLines(a) : a)));
  }
}
