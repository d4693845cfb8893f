import { ApiClientError, createApiClient } from '../../lib/api/client.ts';
import { adminPath, pageLocale } from './paths.ts';
import { readStaffToken, writeStaffToken } from './session.ts';

/** A staff token that ended (logout, idle, 12 h, disabled): sign in again, then come back here. */
function signInAgain(): void {
  writeStaffToken(null);
  const back = `${location.pathname}${location.search}`;
  location.assign(adminPath(pageLocale(), 'login', `?return=${encodeURIComponent(back)}`));
}

const isEnded = (e: ApiClientError) => e.status === 401 && e.code === 'STAFF_UNAUTHENTICATED';

/**
 * The console's API client: the shop's one client, with the staff token and the page's language
 * (the server explains refusals in it). An ended session sends the page to sign-in.
 */
export const adminApi = createApiClient({
  baseURL: '',
  getToken: readStaffToken,
  getLocale: pageLocale,
  onError: (e) => {
    if (isEnded(e)) signInAgain();
  },
});

async function failure(res: Response): Promise<ApiClientError> {
  const body = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
  const e = new ApiClientError(body.message || 'unexpected error', { status: res.status, code: body.code });
  if (isEnded(e)) signInAgain();
  return e;
}

const headers = (extra: Record<string, string> = {}) => {
  const token = readStaffToken();
  return { 'Accept-Language': pageLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra };
};

/**
 * The result's own keys in camelCase, as the client gives them (one level: the import report's
 * nested keys are camelCase already). Not lib/api/case.ts's camelKeys: see constants.ts.
 */
const camelTop = (o: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()), v]),
  );

/** POSTs a CSV file as it is (the import takes `text/csv`, not JSON); returns the envelope's result. */
export async function postCsv<T>(path: string, file: Blob): Promise<T> {
  const res = await fetch(path, { method: 'POST', headers: headers({ 'Content-Type': 'text/csv' }), body: file });
  if (!res.ok) throw await failure(res);
  const body = (await res.json()) as { status: boolean; result: T; message?: string; code?: string };
  if (!body.status) throw new ApiClientError(body.message || 'unexpected error', { status: 200, code: body.code });
  return camelTop(body.result as Record<string, unknown>) as T;
}

/** Downloads a file answer (the catalog export) under the name the server gives it. */
export async function download(path: string): Promise<void> {
  const res = await fetch(path, { headers: headers() });
  if (!res.ok) throw await failure(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'catalog.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The text to show for a failure: the server's (in the page's language), or the generic one. */
export const messageOf = (e: unknown, generic: string): string =>
  e instanceof ApiClientError && e.message !== 'unexpected error' ? e.message : generic;
