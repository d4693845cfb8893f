/**
 * The process's logger (issue 30): one JSON object a line on stdout, at LOG_LEVEL (default `info`;
 * `silent` under tests unless a test captures the lines). Readable lines (pino-pretty) only when
 * NODE_ENV=development and stdout is a terminal. Request bodies and headers are never logged; the
 * paths below are censored in case an event carries one, and phone numbers are masked.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Keys an event must never show in clear, at the top level or one object down. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'authorization',
  'cookie',
  'otp',
  'proof',
  'cardNumber',
  'CardNo',
  'card4no',
  'cvv',
  'HashKey',
  'HashIV',
  'hashKey',
  'hashIV',
  'CheckMacValue',
  'secret',
];
const PHONE_KEYS = ['phone', 'mobile', 'CustomerCellPhone', 'ReceiverCellPhone'];
const paths = (keys: string[]) => keys.flatMap((k) => [k, `*.${k}`]);

/** `0912345678` → `0912***678`: enough to tell two customers apart, not enough to call one. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 7 ? '***' : `${digits.slice(0, 4)}***${digits.slice(-3)}`;
}

function censor(value: unknown, path: string[]): unknown {
  const key = path[path.length - 1] ?? '';
  if (PHONE_KEYS.includes(key) && typeof value === 'string') return maskPhone(value);
  return '[redacted]';
}

/** Where the lines go; tests swap it (setLogSink) to keep them. */
let sink: (line: string) => void = (line) => process.stdout.write(line);
const forwarding: DestinationStream = { write: (line: string) => sink(line) };

function initialLevel(): LogLevel {
  const given = process.env.LOG_LEVEL as LogLevel | undefined;
  if (given && LOG_LEVELS.includes(given)) return given;
  return process.env.NODE_ENV === 'test' || process.env.VITEST ? 'silent' : 'info';
}

function create(): Logger {
  const options = {
    level: initialLevel(),
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: [...paths(SECRET_KEYS), ...paths(PHONE_KEYS)], censor },
  };
  if (process.env.NODE_ENV === 'development' && process.stdout.isTTY && !process.env.VITEST) {
    // A terminal in development: readable lines (a worker thread formats them).
    const { formatters: _json, ...pretty } = options;
    return pino({ ...pretty, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } });
  }
  return pino(options, forwarding);
}

export const log: Logger = create();

/** Tests: send every line to `write` at `level` (the suite greps them for secrets). */
export function setLogSink(write: (line: string) => void, level: LogLevel = 'debug'): void {
  sink = write;
  log.level = level;
}

/**
 * The owner's command-line tools: their own output is the terminal's, so log lines go to stderr,
 * warnings and errors only unless LOG_LEVEL says otherwise.
 */
export function logToStderr(): void {
  sink = (line) => process.stderr.write(line);
  if (!process.env.LOG_LEVEL && log.level !== 'silent') log.level = 'warn';
}
