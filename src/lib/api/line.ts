/** LINE Login's calls of the shop API (issue 32): the sign-in address, the member's link, a first phone. */
import { api } from './browser.ts';
import type { OtpSent } from './users.ts';

const inline = { silent: true } as const;

/** Where "Sign in with LINE" goes: the shop's start, which answers with LINE's authorize page. */
export const lineStartHref = (returnPath: string): string =>
  `${import.meta.env.PUBLIC_API_BASE ?? ''}/api/auth/line/start?return=${encodeURIComponent(returnPath)}`;

export const lineApi = {
  link: () => api.get<{ linked: boolean; displayName: string }>('/api/auth/line/link', inline),
  /** Starts adding LINE to the account: the browser then goes to `authorizeUrl`. */
  startLink: (returnPath: string) =>
    api.post<{ authorizeUrl: string }>('/api/auth/line/link', { body: { return: returnPath }, ...inline }),
  unlink: () => api.delete<{ linked: false }>('/api/auth/line/link', inline),
  /** A member without a verified phone (one made from a LINE account) asks for a code to `phone`. */
  sendPhoneCode: (phone: string) => api.post<OtpSent>('/api/auth/line/phone/send', { body: { phone }, ...inline }),
  verifyPhone: (phone: string, code: string) =>
    api.patch<unknown>('/api/auth/line/phone', { body: { phone, code }, ...inline }),
};

/** Why LINE refused, from the `line_error` the callback put on the page's address, if it is one we name. */
export const LINE_FAILURES = [
  'unavailable',
  'state',
  'replay',
  'cancelled',
  'code',
  'token',
  'nonce',
  'conflict',
  'hasLine',
  'disabled',
  'signin',
] as const;
export type LineFailureCode = (typeof LINE_FAILURES)[number];

export function lineFailure(search: string): LineFailureCode | undefined {
  const code = new URLSearchParams(search).get('line_error');
  return (LINE_FAILURES as readonly string[]).includes(code ?? '') ? (code as LineFailureCode) : undefined;
}
