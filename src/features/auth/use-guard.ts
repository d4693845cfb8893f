import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../config.ts';
import { guardPaths, guardTarget, type RouteMiddleware } from '../../lib/runtime/guards.ts';
import { nav } from '../../lib/runtime/navigate.ts';
import { recordVisit } from '../../lib/runtime/record-page.ts';
import { readResetTicket } from '../../lib/runtime/reset-ticket.ts';
import { $auth, $isLoggedIn, initAuth } from '../../stores/auth.ts';
import { mountOverlaysOnDemand } from './overlays-on-demand.ts';

/**
 * The island side of a page's route middleware: mounts the page overlays, starts the auth state
 * (checking the token), then decides once whether the visitor may stay. Returns true when the page
 * may render; a visitor who may not is sent on with `location.replace`.
 */
export function useGuard(middleware: RouteMiddleware | null, locale: Locale): boolean {
  const { init } = useStore($auth);
  const loggedIn = useStore($isLoggedIn);
  const [verdict, setVerdict] = useState<'pending' | 'stay' | 'leave'>('pending');

  useEffect(() => {
    mountOverlaysOnDemand();
    void initAuth();
  }, []);

  useEffect(() => {
    // Decided once: a login on this page must not bounce the member away from it.
    if (!init || verdict !== 'pending') return;
    const target = middleware && guardTarget(middleware, loggedIn, readResetTicket() !== null, guardPaths(locale));
    if (!target) {
      setVerdict('stay');
      return;
    }
    if (middleware === 'member') recordVisit();
    setVerdict('leave');
    nav.replace(target);
  }, [init, loggedIn, middleware, locale, verdict]);

  return verdict === 'stay';
}
