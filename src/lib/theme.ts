/**
 * Light/dark theme (spec section 4): the `dark` class on <html>, light at first, the choice kept in
 * localStorage. The init script runs inline in <head> before first paint, so the page never flashes
 * the wrong theme; the server allows it by its hash (src/server/site.ts cspFor).
 */
import { COOKIE } from '../config.ts';

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = COOKIE.theme;
export const DARK_CLASS = 'dark';

/** The stored theme; anything unreadable or unknown means light. */
export function readTheme(storage: Pick<Storage, 'getItem'> | undefined): Theme {
  try {
    return storage?.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}
