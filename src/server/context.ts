import type { Locale } from '../config.ts';
import type { Db } from './db/index.ts';
import type { ServerEnv } from './env.ts';
import type { EmailProvider } from './providers/email.ts';
import type { SmsProvider } from './providers/sms.ts';

/** A clock that tests can move; production uses `Date.now`. */
export interface Clock {
  now(): number;
}

/** Everything a route needs from outside; built once per process (or per test). */
export interface Deps {
  db: Db;
  env: ServerEnv;
  clock: Clock;
  sms: SmsProvider;
  mail: EmailProvider;
}

/** The signed-in member, set by the auth middleware on routes that need one. */
export interface AuthedMember {
  id: number;
  sessionId: number;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    locale: Locale;
    ip: string;
    /** The request's id: its X-Request-Id when sane, else a new one; echoed in the answer and logged. */
    requestId: string;
    member: AuthedMember;
    /** When data a catalogue answer was built from stops being fresh (set by routes that read a cache). */
    catalogFreshUntil: number;
  };
};
