import type { ServerEnv } from '../../env.ts';

/**
 * LINE Login v2.1's endpoints (developers.line.biz, "LINE Login v2.1 API reference"): the authorize
 * page on access.line.me, the token and verify endpoints on api.line.me; the ID token's issuer.
 */
export const LINE_HOSTS = { auth: 'https://access.line.me', api: 'https://api.line.me' } as const;
export const LINE_PATHS = {
  authorize: '/oauth2/v2.1/authorize',
  token: '/oauth2/v2.1/token',
  verify: '/oauth2/v2.1/verify',
} as const;
export const LINE_ISSUER = 'https://access.line.me';
/** The local simulator, under the shop's own origin. */
export const LINE_SIMULATOR_BASE = '/api/sim/line';

/** The simulator's channel when none is configured (never LINE's: LINE would refuse it). */
export const SIMULATOR_CHANNEL = { id: '1650000000', secret: 'soundwood-line-simulator-channel-secret' } as const;

export interface LineConfig {
  /** `simulator`: the local simulator; `line`: LINE itself (or whatever LINE_*_BASE name). */
  mode: 'simulator' | 'line';
  channelId: string;
  channelSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  verifyUrl: string;
}

/** LINE itself under NODE_ENV=production without ALLOW_SIMULATORS=1; the local simulator otherwise. */
export const lineMode = (env: ServerEnv): LineConfig['mode'] =>
  env.NODE_ENV === 'production' && env.ALLOW_SIMULATORS !== '1' ? 'line' : 'simulator';

/**
 * The LINE settings of `env`, or null when LINE Login cannot work: LINE itself without
 * LINE_CHANNEL_ID and LINE_CHANNEL_SECRET. The simulator takes the configured channel, or its own.
 */
export function lineConfig(env: ServerEnv): LineConfig | null {
  const mode = lineMode(env);
  const origin = new URL(env.SITE_URL).origin;
  const given = env.LINE_CHANNEL_ID && env.LINE_CHANNEL_SECRET;
  if (mode === 'line' && !given) return null;
  const channelId = given ? (env.LINE_CHANNEL_ID as string) : SIMULATOR_CHANNEL.id;
  const channelSecret = given ? (env.LINE_CHANNEL_SECRET as string) : SIMULATOR_CHANNEL.secret;
  const trim = (url: string | undefined) => url?.replace(/\/+$/, '');
  const fallback =
    mode === 'line' ? LINE_HOSTS : { auth: origin + LINE_SIMULATOR_BASE, api: origin + LINE_SIMULATOR_BASE };
  const auth = trim(env.LINE_AUTH_BASE) ?? fallback.auth;
  const api = trim(env.LINE_API_BASE) ?? fallback.api;
  return {
    mode,
    channelId,
    channelSecret,
    authorizeUrl: auth + LINE_PATHS.authorize,
    tokenUrl: api + LINE_PATHS.token,
    verifyUrl: api + LINE_PATHS.verify,
  };
}
