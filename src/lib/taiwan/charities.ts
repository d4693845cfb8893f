/**
 * Well-known charities and their public donation codes (捐贈碼), offered as one-tap choices beside
 * the free donation-code field. Codes are published by the charities and the Ministry of Finance's
 * donation-code register.
 */
export interface Charity {
  code: string;
  zh: string;
  en: string;
}

export const CHARITIES: readonly Charity[] = [
  { code: '919', zh: '創世社會福利基金會', en: 'Genesis Social Welfare Foundation' },
  { code: '8585', zh: '台灣兒童暨家庭扶助基金會', en: 'Taiwan Fund for Children and Families' },
  { code: '88888', zh: '中華民國兒童癌症基金會', en: 'Childhood Cancer Foundation' },
  { code: '6789', zh: '台灣搜救犬協會', en: 'Taiwan Search and Rescue Dog Association' },
];

/** The listed charity with `code`, or undefined (any valid code is still accepted). */
export const findCharity = (code: string): Charity | undefined => CHARITIES.find((c) => c.code === code);
