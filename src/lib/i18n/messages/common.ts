/** Site-wide strings: header, footer, error screen, no-data state, language and theme controls. */
export const common = {
  'zh-TW': {
    'site.name': '聲林音響',
  },
  en: {
    'site.name': 'Soundwood Audio',
  },
} as const;
