import nodemailer from 'nodemailer';
import type { EmailMessage, EmailProvider } from './email.ts';

/** How long the SMTP adapter waits for the server at each step before the send fails. */
const SMTP_TIMEOUT_MS = 10_000;

/** Connection options of an `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465` URL. */
export function smtpOptions(url: string) {
  const u = new URL(url);
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:')
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
}

/** Real adapter: speaks SMTP to the mail server of `url` through nodemailer. */
export function smtpEmail(opts: { url: string; from: string }): EmailProvider {
  const transport = nodemailer.createTransport(smtpOptions(opts.url), { from: opts.from });
  return {
    name: 'smtp',
    async send(m: EmailMessage) {
      await transport.sendMail({
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(m.messageId ? { messageId: m.messageId } : {}),
        ...(m.headers ? { headers: m.headers } : {}),
      });
    },
  };
}
