import { phoneModalAllowed } from '../../lib/runtime/routes.ts';
import { $needsPhoneVerify, initAuth } from '../../stores/auth.ts';

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
