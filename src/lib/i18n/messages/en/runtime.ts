export const runtimeEn = {
  'runtime.loadFailed': 'This page could not be loaded. Please try again later.',
  'runtime.backHome': 'Back to home',
} as const;
