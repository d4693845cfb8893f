import { sampleCases, WRITE_ROUTES } from '../fuzz-cases.ts';
import { call, leaksInternals } from '../http.ts';
import { fmt } from '../report.ts';
import { escapedErrors } from '../servers.ts';
import { newMembers } from '../shop-db.ts';
import type { Scenario } from './context.ts';

const CASES = { full: 3_000, quick: 1_000 };
/** Requests in flight at once. */
const IN_FLIGHT = 8;
/** One address for every generated request: its limits stop the password guesses early. */
const FUZZ_IP = '192.0.2.99';
const SEED = 20_261_123;

/**
 * Bad input at volume: thousands of generated bodies and headers (fast-check) against every write
 * route → only envelopes below 500, no stack trace or internals in any answer, the server alive.
 */
export const fuzz: Scenario = {
  name: 'fuzz',
  async run(ctx) {
    const server = ctx.servers[0];
    const n = CASES[ctx.quick ? 'quick' : 'full'];
    const cases = sampleCases(n, SEED);
    const [member] = await newMembers(ctx.shop, 1, 'fuzz');
    const seen = { ok: 0, client: 0, server: 0, notEnvelope: 0, leaks: 0, failed: 0 };
    const bad: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++]!;
        try {
          const a = await call(server.api, c.method, c.path, {
            ...(c.body === undefined ? {} : { raw: c.body }),
            headers: c.headers,
            ip: FUZZ_IP,
            ...(c.signedIn ? { token: member!.token } : {}),
          });
          if (a.status >= 500) seen.server++;
          else if (a.status >= 400) seen.client++;
          else seen.ok++;
          const envelope =
            a.status < 300 || a.status === 303 || (a.json?.status === false && typeof a.json?.code === 'string');
          // ECPay's form routes answer its plain-text protocol (`0|...`, `1|OK`), and the provider
          // simulators answer as the provider does (pages, ECPay's JSON), not the shop's envelope.
          const plain = (c.path.startsWith('/payments/ecpay/') && /^[01]\|/.test(a.text)) || c.path.startsWith('/sim/');
          if (!envelope && !plain) seen.notEnvelope++;
          if (leaksInternals(a.text)) seen.leaks++;
          if ((a.status >= 500 || (!envelope && !plain) || leaksInternals(a.text)) && bad.length < 3)
            bad.push(`${c.method} ${c.path} → ${a.status} ${a.text.slice(0, 80)}`);
        } catch (err) {
          seen.failed++;
          if (bad.length < 3) bad.push(`${c.method} ${c.path} → ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const health = await call(server.api, 'GET', '/health');
    const escaped = escapedErrors(server.stderr());
    ctx.report.add({
      scenario: 'Bad input at volume',
      tried: `${fmt(cases.length)} generated bodies and headers (fast-check) over ${WRITE_ROUTES.length} write routes`,
      target:
        "4xx envelopes only (2xx when valid by chance; providers' own formats on their routes); 0 5xx; no internals; server answering",
      figure: `${fmt(seen.client)} × 4xx, ${fmt(seen.ok)} × 2xx/3xx, ${seen.server} × 5xx, ${seen.notEnvelope} not an envelope, ${seen.leaks} leaks, ${seen.failed} failed; health ${health.status}${bad.length ? `; e.g. ${bad.join(' ; ')}` : ''}`,
      held:
        seen.server === 0 &&
        seen.notEnvelope === 0 &&
        seen.leaks === 0 &&
        seen.failed === 0 &&
        health.status === 200 &&
        escaped.length === 0,
    });
  },
};
