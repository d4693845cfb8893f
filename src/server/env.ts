import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(4321),
  HOST: z.string().min(1).default('localhost'),
  SQLITE_PATH: z.string().min(1).default('./data/shop.sqlite'),
  /** Build output: releases/ and the live client/ link; inside the project (built chunks import its packages). */
  DIST_DIR: z.string().min(1).default('dist'),
  DATABASE_URL: z.string().url().optional(),
  API_BASE: z.string().url().optional(),
  PUBLIC_API_BASE: z.string().default(''),
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  CORS_ORIGINS: z.string().default(''),
  ALLOW_SIMULATORS: z.enum(['0', '1']).default('0'),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /** log2 of the scrypt cost; 17 is the production setting, tests may lower it for speed. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
});

export type ServerEnv = z.infer<typeof schema>;

/** Parses the environment; throws a readable error naming every bad variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}\nFix these variables and start again.`);
  }
  return parsed.data;
}

export const isProduction = (env: ServerEnv): boolean => env.NODE_ENV === 'production';
