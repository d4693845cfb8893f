import { call, freshIp } from '../http.ts';
import { escapedErrors, startServer } from '../servers.ts';
import { startGateway } from '../sms-gateway.ts';
import type { Ctx, Scenario } from './context.ts';

/**
 * The gateway timeout the F2 server runs with, and the slack allowed on top of it for a machine
 * under load (a hang without the timeout would last until the suite's own 30 s request limit).
 */
const TIMEOUT_MS = 1_500;
const SLACK_MS = 3_000;

async function liveCodes(ctx: Ctx, phone: string): Promise<number> {
  const row = await ctx.shop.db.kysely
    .selectFrom('otp_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone', '=', phone)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * F2: the HTTP SMS gateway hangs, then answers 500. Each send answers the 503 SMS_FAILED envelope
 * within the gateway timeout, leaves no live code, frees the 60-second slot (the next send reaches
 * the gateway again instead of 429) and leaves nothing unhandled in the server's stderr.
 */
export const smsFailure: Scenario = {
  name: 'F2',
  async run(ctx) {
    const gateway = await startGateway();
    const server = await startServer({
      ...ctx.shop.env,
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: gateway.url,
      SMS_HTTP_TOKEN: 'load-suite',
      SMS_HTTP_TIMEOUT_MS: String(TIMEOUT_MS),
      EMAIL_PROVIDER: 'outbox',
    });
    try {
      for (const mode of ['hang', 'fail'] as const) {
        gateway.setMode(mode);
        const phone = `0962${String(Date.now() % 1_000_000).padStart(6, '0')}`;
        const before = gateway.received.length;
        const first = await call(server.api, 'POST', '/users/send-otp/phone', {
          body: { phone, purpose: 'register' },
          ip: freshIp(),
        });
        const again = await call(server.api, 'POST', '/users/send-otp/phone', {
          body: { phone, purpose: 'register' },
          ip: freshIp(),
        });
        const reached = gateway.received.length - before;
        const codes = await liveCodes(ctx, phone);
        const envelope = (a: typeof first) =>
          a.status === 503 && a.json?.status === false && a.json?.code === 'SMS_FAILED';
        const slowest = Math.max(first.ms, again.ms);
        ctx.report.add({
          scenario: `F2 SMS gateway ${mode === 'hang' ? 'hangs' : 'answers 500'}`,
          tried: `2 sends through a gateway that ${mode === 'hang' ? 'never answers' : 'answers 500'} (timeout ${TIMEOUT_MS} ms)`,
          target: `503 SMS_FAILED envelope within ${TIMEOUT_MS} ms (+${SLACK_MS} ms slack); no live code; slot freed`,
          figure: `${first.status} ${first.json?.code ?? first.text.slice(0, 40)} in ${Math.round(first.ms)} ms, then ${again.status} in ${Math.round(again.ms)} ms; gateway reached ${reached}×; ${codes} live codes`,
          held: envelope(first) && envelope(again) && slowest <= TIMEOUT_MS + SLACK_MS && reached === 2 && codes === 0,
        });
      }
      const escaped = escapedErrors(server.stderr());
      const health = await call(server.api, 'GET', '/health');
      ctx.report.add({
        scenario: 'F2 server after gateway failures',
        tried: 'stderr read, health asked',
        target: 'no unhandled rejection; still answering',
        figure: `${escaped.length} unhandled/uncaught lines; health ${health.status}; alive ${server.alive()}`,
        held: escaped.length === 0 && health.status === 200 && server.alive(),
      });
    } finally {
      await server.stop();
      await gateway.close();
    }
  },
};
