/**
 * The catalog pages' API client in the browser: same origin (or PUBLIC_API_BASE), the page's
 * language, failures handled by the calling script (shown inline).
 */
import type { Locale } from '../../config.ts';
import { type ApiClient, createApiClient } from '../../lib/api/client.ts';

export const browserApi = (locale: Locale): ApiClient =>
  createApiClient({ baseURL: import.meta.env.PUBLIC_API_BASE ?? '', getLocale: () => locale });
