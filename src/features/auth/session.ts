import { routeName } from '../../lib/runtime/routes.ts';
import { $needsPhoneVerify, initAuth } from '../../stores/auth.ts';

/** The member page where the phone is verified: the blocking modal never shows there. */
export const PHONE_VERIFY_ROUTE = 'member-phone-verification';

/** Whether the phone-verification modal may block the page at `pathname`. */
export const phoneModalAllowed = (pathname: string): boolean => routeName(pathname) !== PHONE_VERIFY_ROUTE;

/**
 * Loaded by the page runtime on pages without islands when an auth cookie exists: checks the token
 * (silent logout on failure) and, for a member whose phone is unverified, mounts the blocking modal.
 */
export async function startSession(): Promise<void> {
  await initAuth();
  if ($needsPhoneVerify.get() && phoneModalAllowed(location.pathname)) {
    const { mountOverlays } = await import('./overlays.tsx');
    mountOverlays();
  }
}
