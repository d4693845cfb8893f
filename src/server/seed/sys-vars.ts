import { COOKIES, PRIVACY, TERMS } from './policies.ts';

/** Shipping fee in NT$, stored as the `price` system variable. */
export const SHIPPING_FEE_NTD = 100;

interface SysVarSeed {
  code: string;
  name: { zh: string; en: string };
  data: { zh: string; en: string };
}

const SYS_VARS: SysVarSeed[] = [
  { code: 'privacyText', name: { zh: '隱私權政策', en: 'Privacy policy' }, data: PRIVACY },
  {
    code: 'price',
    name: { zh: '運費', en: 'Shipping fee' },
    data: { zh: String(SHIPPING_FEE_NTD), en: String(SHIPPING_FEE_NTD) },
  },
  { code: 'tremText', name: { zh: '服務條款', en: 'Terms of use' }, data: TERMS },
  { code: 'cookieText', name: { zh: 'Cookie 政策', en: 'Cookie policy' }, data: COOKIES },
  {
    code: 'addr',
    name: { zh: '門市地址', en: 'Store address' },
    data: {
      zh: '106 臺北市大安區復興南路一段 219 巷 18 號 1 樓',
      en: '1F, No. 18, Ln. 219, Sec. 1, Fuxing S. Rd., Da’an Dist., Taipei City 106, Taiwan',
    },
  },
  { code: 'name', name: { zh: '商店名稱', en: 'Shop name' }, data: { zh: '聲林音響', en: 'Soundwood Audio' } },
  {
    code: 'email',
    name: { zh: '客服信箱', en: 'Email' },
    data: { zh: 'service@soundwood.tw', en: 'service@soundwood.tw' },
  },
  { code: 'phone', name: { zh: '客服電話', en: 'Phone' }, data: { zh: '02-2771-5083', en: '+886 2 2771 5083' } },
];

/** One row per code and locale, in display order. */
export function demoSysVars() {
  return SYS_VARS.flatMap((v) =>
    (['zh-TW', 'en'] as const).map((locale) => {
      const c = locale === 'en' ? 'en' : 'zh';
      return { code: v.code, locale, name: v.name[c], data: v.data[c] };
    }),
  );
}
