/** The few strings of the page runtime that every page loads (kept apart so that they stay tiny). */
export const runtime = {
  'zh-TW': {
    'runtime.loadFailed': '頁面載入失敗，請稍後再試。',
    'runtime.backHome': '回到首頁',
  },
  en: {
    'runtime.loadFailed': 'This page could not be loaded. Please try again later.',
    'runtime.backHome': 'Back to home',
  },
} as const;
