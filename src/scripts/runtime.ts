/**
 * The page runtime every page loads (plain TypeScript, no UI framework): chunk-error recovery,
 * return-page recording, the loading bar, the outdated-build check, link prefetching, scrolling,
 * and — for members only — the lazy token check and the phone-verification modal.
 */
import { mountLoadingBar } from '../components/loading-bar.ts';
import { COOKIE } from '../config.ts';
import { startBuildCheck } from '../lib/runtime/build-check.ts';
import { installChunkErrorReload } from '../lib/runtime/chunk-errors.ts';
import { readCookieSoon, SESSION_CHECKED_KEY } from '../lib/runtime/cookies.ts';
import { showErrorScreen } from '../lib/runtime/error-screen.ts';
import { trackNavigation } from '../lib/runtime/navigation-activity.ts';
import { installNavigationGuard } from '../lib/runtime/navigation-guard.ts';
import { startPrefetch } from '../lib/runtime/prefetch.ts';
import { recordVisit } from '../lib/runtime/record-page.ts';
import { startScrollRestoration, startSmoothScroll } from '../lib/runtime/scroll.ts';
import { onPageLoad } from './page-load.ts';

/**
 * The member bits load only when an auth cookie says there is something to check or show; the cookies
 * are read without a synchronous call to the browser where it can (readCookieSoon).
 */
async function startMemberSession(): Promise<void> {
  if (!(await readCookieSoon(COOKIE.accessToken))) return;
  const unverified = /"phoneVerify":false/.test((await readCookieSoon(COOKIE.userInfo)) ?? '');
  const checked = sessionStorage.getItem(SESSION_CHECKED_KEY) === '1';
  if (checked && !unverified) return;
  void import('../features/auth/session.ts').then((m) => m.startSession());
}

installChunkErrorReload(showErrorScreen);
mountLoadingBar();
trackNavigation();
installNavigationGuard();
onPageLoad(() => recordVisit());
void startMemberSession();
startBuildCheck();
startPrefetch();
startScrollRestoration();
void startSmoothScroll();
