import { RELOAD_GUARD_MS } from '../../config.ts';

/** sessionStorage key of the last guarded reload: `{path, at}`. */
export const RELOAD_GUARD_KEY = 'reload-guard';

interface LastReload {
  path: string;
  at: number;
}

function parseLast(raw: string | null): LastReload | null {
  try {
    const v = raw ? (JSON.parse(raw) as Partial<LastReload>) : null;
    return v && typeof v.path === 'string' && typeof v.at === 'number' ? { path: v.path, at: v.at } : null;
  } catch {
    return null;
  }
}

/**
 * Decides whether `path` may be reloaded at `now`, given the stored last reload: at most one reload
 * per path within 10 s. Returns the record to store when the reload may go ahead, else null.
 */
export function allowReload(path: string, now: number, stored: string | null): string | null {
  const last = parseLast(stored);
  if (last && last.path === path && now - last.at >= 0 && now - last.at < RELOAD_GUARD_MS) return null;
  return JSON.stringify({ path, at: now });
}

/**
 * Reloads the page through the guard. Returns false (and does nothing) when this path was already
 * reloaded within 10 s: the caller shows the error screen instead of looping.
 */
export function guardedReload(): boolean {
  const record = allowReload(location.pathname, Date.now(), sessionStorage.getItem(RELOAD_GUARD_KEY));
  if (!record) return false;
  sessionStorage.setItem(RELOAD_GUARD_KEY, record);
  location.reload();
  return true;
}
