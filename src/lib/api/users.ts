import { z } from 'zod';
import { api } from './browser.ts';
import { cartTokenHeaders } from './cart.ts';

/** Wire booleans may arrive as true/false or 1/0. */
const flag = z.union([z.boolean(), z.number()]).transform(Boolean);
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

/** User info as the client keeps it (spec section 3), validated where it enters: API and cookie. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  no: text,
  uid: text,
  email: text,
  phone: text,
  mobile: text,
  emailVerify: flag,
  phoneVerify: flag,
  name: text,
  zipcode: text,
  city: text,
  area: text,
  addr: text,
  status: flag,
  createdAt: z.union([z.string(), z.number()]).nullish(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

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
  info: async (opts: { silent?: boolean } = {}) => userInfoSchema.parse(await api.get('/api/users/info', opts)),
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
