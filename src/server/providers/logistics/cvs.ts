/** Convenience-store chains and ECPay's LogisticsSubType codes for them. */
export const CVS_BRANDS = ['UNIMART', 'FAMI', 'HILIFE', 'OKMART'] as const;
export type CvsBrand = (typeof CVS_BRANDS)[number];

/** B2C (the shop ships under its own contract) and C2C (shipping-label) sub-types; OK mart is C2C only. */
export const CVS_SUB_TYPES = ['UNIMART', 'FAMI', 'HILIFE', 'UNIMARTC2C', 'FAMIC2C', 'HILIFEC2C', 'OKMARTC2C'] as const;
export type CvsSubType = (typeof CVS_SUB_TYPES)[number];

/** The chain a sub-type ships to. */
export const brandOf = (subType: CvsSubType): CvsBrand => subType.replace(/C2C$/, '') as CvsBrand;

/** Chain names as shoppers know them. */
export const BRAND_NAMES: Record<CvsBrand, { zh: string; en: string }> = {
  UNIMART: { zh: '7-ELEVEN', en: '7-Eleven' },
  FAMI: { zh: '全家便利商店', en: 'FamilyMart' },
  HILIFE: { zh: '萊爾富', en: 'Hi-Life' },
  OKMART: { zh: 'OK 超商', en: 'OK Mart' },
};
