/**
 * The page runtime every page loads (plain TypeScript, no UI framework): chunk-error recovery,
 * return-page recording, the loading bar, the outdated-build check, link prefetching, scrolling,
 * and — for members only — the lazy token check and the phone-verification modal.
 */
import { COOKIE } from '../../config.ts';
import { onPageLoad } from '../../scripts/page-load.ts';
import { startBuildCheck } from './build-check.ts';
import { installChunkErrorReload } from './chunk-errors.ts';
import { readCookie, SESSION_CHECKED_KEY } from './cookies.ts';
import { showErrorScreen } from './error-screen.ts';
import { mountLoadingBar, trackNavigation } from './loading-bar.ts';
import { installNavigationGuard } from './navigation-guard.ts';
import { startPrefetch } from './prefetch.ts';
import { recordVisit } from './record-page.ts';
import { startScrollRestoration, startSmoothScroll } from './scroll.ts';

/** The member bits load only when an auth cookie says there is something to check or show. */
function startMemberSession(): void {
  if (!readCookie(COOKIE.accessToken)) return;
  const unverified = /"phoneVerify":false/.test(readCookie(COOKIE.userInfo) ?? '');
  const checked = sessionStorage.getItem(SESSION_CHECKED_KEY) === '1';
  if (checked && !unverified) return;
  void import('../../features/auth/session.ts').then((m) => m.startSession());
}

installChunkErrorReload(showErrorScreen);
mountLoadingBar();
trackNavigation();
installNavigationGuard();
onPageLoad(() => recordVisit());
startMemberSession();
startBuildCheck();
startPrefetch();
startScrollRestoration();
void startSmoothScroll();
