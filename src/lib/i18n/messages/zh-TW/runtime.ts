export const runtimeZhTW = {
  'runtime.loadFailed': '頁面載入失敗，請稍後再試。',
  'runtime.backHome': '回到首頁',
} as const;
