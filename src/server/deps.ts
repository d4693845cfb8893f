import type { Clock, Deps } from './context.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { readEnv, type ServerEnv } from './env.ts';
import { assertEcpayServingConfig } from './providers/ecpay/config.ts';
import type { EmailProvider } from './providers/email.ts';
import { outboxEmail } from './providers/email-outbox.ts';
import { smtpEmail } from './providers/email-smtp.ts';
import type { SmsProvider } from './providers/sms.ts';
import { httpSms } from './providers/sms-http.ts';
import { outboxSms } from './providers/sms-outbox.ts';
import { seed } from './seed/seed.ts';

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Opens the database, applies migrations, seeds the embedded database when it is empty, and picks
 * the providers named by the environment.
 */
export async function createDeps(env: ServerEnv = readEnv(), clock: Clock = systemClock): Promise<Deps> {
  const db = openDb({ sqlitePath: env.SQLITE_PATH, databaseUrl: env.DATABASE_URL });
  await migrate(db);
  // The demo members' passwords at the configured cost (17 unless a test server lowers it).
  if (db.dialect === 'sqlite') await seed(db, { logN: env.SCRYPT_LOG_N });
  return { db, env, clock, sms: pickSms(env, db, clock), mail: pickEmail(env, db, clock) };
}

/** The SMS adapter named by SMS_PROVIDER: `outbox` (default, development) or `http` (a real gateway). */
export function pickSms(env: ServerEnv, db: Deps['db'], clock: Clock): SmsProvider {
  if (env.SMS_PROVIDER !== 'http') return outboxSms(db, clock);
  if (!env.SMS_HTTP_URL)
    throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL (the gateway endpoint). Set it and start again.');
  return httpSms({ url: env.SMS_HTTP_URL, token: env.SMS_HTTP_TOKEN, timeoutMs: env.SMS_HTTP_TIMEOUT_MS });
}

/** The email adapter named by EMAIL_PROVIDER: `outbox` (default, development) or `smtp` (a real mail server). */
export function pickEmail(env: ServerEnv, db: Deps['db'], clock: Clock): EmailProvider {
  if (env.EMAIL_PROVIDER !== 'smtp') return outboxEmail(db, clock);
  if (!env.SMTP_URL)
    throw new Error('EMAIL_PROVIDER=smtp needs SMTP_URL (smtp://user:pass@host:587). Set it and start again.');
  return smtpEmail({ url: env.SMTP_URL, from: env.MAIL_FROM });
}

/**
 * Refuses to serve production traffic with local simulators (the SMS and email outboxes, the ECPay
 * cashier, store map and e-invoice simulators) unless ALLOW_SIMULATORS=1 says so. Called by the
 * server at start, not by the build.
 */
export function assertServingConfig(env: ServerEnv): void {
  if (env.NODE_ENV === 'production' && env.SMS_PROVIDER === 'outbox' && env.ALLOW_SIMULATORS !== '1')
    throw new Error(
      'NODE_ENV=production with SMS_PROVIDER=outbox would keep codes in a local outbox. Set SMS_PROVIDER=http (with SMS_HTTP_URL), or ALLOW_SIMULATORS=1 for a demo.',
    );
  if (env.NODE_ENV === 'production' && env.EMAIL_PROVIDER === 'outbox' && env.ALLOW_SIMULATORS !== '1')
    throw new Error(
      'NODE_ENV=production with EMAIL_PROVIDER=outbox would keep reset links in a local outbox. Set EMAIL_PROVIDER=smtp (with SMTP_URL), or ALLOW_SIMULATORS=1 for a demo.',
    );
  if (env.SHOP_NOTIFY_WEBHOOK && !env.SHOP_NOTIFY_WEBHOOK_SECRET)
    throw new Error(
      'SHOP_NOTIFY_WEBHOOK needs SHOP_NOTIFY_WEBHOOK_SECRET (16 characters or more) to sign what it sends. Set it and start again.',
    );
  assertEcpayServingConfig(env);
}
