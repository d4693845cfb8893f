import { api } from './browser.ts';
import { cartTokenHeaders } from './cart.ts';

/** User info as the client keeps it (spec section 3), validated where it enters: API and cookie. */
export interface UserInfo {
  id: number;
  no: string;
  uid: string;
  email: string;
  phone: string;
  mobile: string;
  emailVerify: boolean;
  phoneVerify: boolean;
  name: string;
  zipcode: string;
  city: string;
  area: string;
  addr: string;
  status: boolean;
  createdAt?: string | number | null;
}

const TEXT_KEYS = ['no', 'uid', 'email', 'phone', 'mobile', 'name', 'zipcode', 'city', 'area', 'addr'] as const;
const FLAG_KEYS = ['emailVerify', 'phoneVerify', 'status'] as const;

/**
 * Reads user info from the API or the cookie, or null when it is not one: a whole-number id, texts
 * that are strings or absent (absent reads as ''), flags as true/false or 1/0. Unknown keys are
 * dropped. Written by hand rather than with a schema library: every page that knows its member reads
 * it, and the library would ship on all of them.
 */
export function readUserInfo(value: unknown): UserInfo | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'number' || !Number.isInteger(v.id)) return null;
  const info: Partial<UserInfo> & { id: number } = { id: v.id };
  for (const key of TEXT_KEYS) {
    const x = v[key];
    if (x !== undefined && x !== null && typeof x !== 'string') return null;
    info[key] = x ?? '';
  }
  for (const key of FLAG_KEYS) {
    const x = v[key];
    if (typeof x !== 'boolean' && typeof x !== 'number') return null;
    info[key] = Boolean(x);
  }
  const created = v.createdAt;
  if (created !== undefined && created !== null && typeof created !== 'string' && typeof created !== 'number')
    return null;
  if (created !== undefined) info.createdAt = created;
  return info as UserInfo;
}

export interface Session {
  token: string;
  expiresAt: string | number;
}
export interface OtpSent {
  sent: boolean;
  resendAfter: number;
}
export type OtpPurpose = 'register' | 'verify' | 'forgot';
export interface ResetTicket {
  ticket: string;
  expiresAt: string | number;
}
export type ProfilePatch = Partial<Pick<UserInfo, 'name' | 'email' | 'zipcode' | 'city' | 'area' | 'addr'>>;
export interface District {
  code: string;
  name: string;
  zip: string;
  city: string;
}
export interface City {
  code: string;
  name: string;
  districts: District[];
}

/** Calls that forms answer inline pass `silent` so that the error modal stays shut. */
const inline = { silent: true } as const;

/** The users area of the shop API (spec section 7). */
export const usersApi = {
  // A guest cart travels along so that the server merges it into the member's cart.
  login: (body: { account: string; password: string }) =>
    api.post<Session>('/api/users/login', { body, headers: cartTokenHeaders(), ...inline }),
  register: (body: { name: string; phone: string; password: string; code: string }) =>
    api.post<Session>('/api/users/register', { body, headers: cartTokenHeaders(), ...inline }),
  logout: () => api.post<unknown>('/api/users/logout', inline),
  info: async (opts: { silent?: boolean } = {}) => {
    const info = readUserInfo(await api.get('/api/users/info', opts));
    if (!info) throw new TypeError('The user info from the API is malformed.');
    return info;
  },
  update: (body: ProfilePatch) => api.patch<unknown>('/api/users/update', { body, ...inline }),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    api.patch<unknown>('/api/users/chpw', { body, ...inline }),
  sendOtp: (body: { phone?: string; purpose: OtpPurpose }) =>
    api.post<OtpSent>('/api/users/send-otp/phone', { body, ...inline }),
  verifyOtp: (body: { code: string }) => api.patch<unknown>('/api/users/verify-otp', { body, ...inline }),
  verifyForgotOtp: (body: { phone: string; code: string }) =>
    api.patch<ResetTicket>('/api/users/verify-otp-fp/phone', { body, ...inline }),
  confirmEmail: (body: { token: string }) =>
    api.patch<{ email: string }>('/api/users/confirm-email', { body, ...inline }),
  sendResetEmail: (body: { email: string }) =>
    api.post<{ sent: boolean }>('/api/users/send-reset/email', { body, ...inline }),
  resetPassword: (body: { ticket: string; newPassword: string }) =>
    api.patch<unknown>('/api/users/reset-password', { body, ...inline }),
  regions: () => api.get<City[]>('/api/regions'),
};
