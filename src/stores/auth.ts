import { computed, map } from 'nanostores';
import { adoptMemberCart } from '../lib/api/cart.ts';
import { type UserInfo, usersApi } from '../lib/api/users.ts';
import { localePath } from '../lib/i18n/locale.ts';
import { writeCartCount } from '../lib/runtime/cart-count.ts';
import { SESSION_CHECKED_KEY } from '../lib/runtime/cookies.ts';
import { currentLocale } from '../lib/runtime/locale.ts';
import { nav } from '../lib/runtime/navigate.ts';
import { clearRecordPage, readAuthCookies, readRecordPage, writeToken, writeUserInfo } from './auth-cookies.ts';
import { adoptGuestWishlist } from './wishlist.ts';

export interface AuthState {
  token: string | null;
  userInfo: UserInfo | null;
  /** The user-info fetch for the current token succeeded. */
  loginSuccess: boolean;
  /** The auth state is known: the token was checked, or there was none. */
  init: boolean;
}

/** Authentication (spec section 4). Cookies follow the store through the listener below. */
export const $auth = map<AuthState>({ token: null, userInfo: null, loginSuccess: false, init: false });

/** Logged in: a token, a successful user-info fetch and stored user info. */
export const $isLoggedIn = computed($auth, (a) => Boolean(a.token && a.loginSuccess && a.userInfo));

/** A logged-in member whose phone is not verified must verify it before going on. */
export const $needsPhoneVerify = computed(
  [$isLoggedIn, $auth],
  (loggedIn, a) => loggedIn && a.userInfo?.phoneVerify === false,
);

// The cookies follow the state; writing is skipped when a cookie already holds the value.
$auth.listen((next) => {
  writeToken(next.token);
  writeUserInfo(next.userInfo);
});

function markChecked(checked: boolean): void {
  if (typeof sessionStorage === 'undefined') return;
  if (checked) sessionStorage.setItem(SESSION_CHECKED_KEY, '1');
  else sessionStorage.removeItem(SESSION_CHECKED_KEY);
}

/** Fetches the user info for the current token and marks the login successful. */
export async function fetchUserInfo(): Promise<UserInfo> {
  const userInfo = await usersApi.info({ silent: true });
  $auth.set({ ...$auth.get(), userInfo, loginSuccess: true });
  markChecked(true);
  return userInfo;
}

/** Forgets the session on this device: token, user info and the login flag. */
export function clearAuth(): void {
  $auth.set({ token: null, userInfo: null, loginSuccess: false, init: true });
  markChecked(false);
}

let initializing: Promise<void> | undefined;
let leaving = false;
if (typeof addEventListener === 'function') {
  // A check cut short because the visitor is leaving the page says nothing about the token.
  addEventListener('beforeunload', () => {
    leaving = true;
  });
  addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * Starts the auth state from the cookies once per page. A token is validated by fetching the user
 * info; when that fails the user is logged out silently (no redirect).
 */
export function initAuth(): Promise<void> {
  initializing ??= (async () => {
    const { token, userInfo } = readAuthCookies();
    $auth.set({ token, userInfo, loginSuccess: false, init: false });
    try {
      if (token) {
        const valid = await fetchUserInfo().then(
          () => true,
          () => {
            if (!leaving) clearAuth();
            return false;
          },
        );
        // A sign-in that ended on this page without the login form (LINE's) keeps a guest's hearts too.
        if (valid) void adoptGuestWishlist();
      }
    } finally {
      $auth.setKey('init', true);
    }
  })();
  return initializing;
}

/** Where a member goes after login or sign-up: the recorded page, or home. */
export function returnDestination(): string {
  return readRecordPage() ?? localePath(currentLocale(), '/');
}

/** Stores a fresh session's token and fetches its user info; on failure the state is cleared. */
async function startSession(token: string): Promise<UserInfo> {
  try {
    $auth.setKey('token', token);
    const info = await fetchUserInfo();
    await adoptMemberCart();
    await adoptGuestWishlist();
    return info;
  } catch (error) {
    clearAuth();
    throw error;
  } finally {
    $auth.setKey('init', true);
  }
}

/** After login: an unverified phone keeps the member here behind the verification modal. */
function continueAfterLogin(info: UserInfo): void {
  if (info.phoneVerify) nav.go(returnDestination());
}

/** Logs in with a phone number or email and a password (errors are thrown for the form). */
export async function login(account: string, password: string): Promise<UserInfo> {
  let info: UserInfo;
  try {
    const session = await usersApi.login({ account, password });
    info = await startSession(session.token);
  } catch (error) {
    clearAuth();
    throw error;
  }
  continueAfterLogin(info);
  return info;
}

/** Signs up with a verified phone (the OTP `code`) and logs in. */
export async function register(input: { name: string; phone: string; password: string; code: string }) {
  const session = await usersApi.register(input);
  const info = await startSession(session.token);
  continueAfterLogin(info);
  return info;
}

/** Ends the session on the server and here; clears the return page; goes home unless told not to. */
export async function logout(opts: { redirect?: boolean } = {}): Promise<void> {
  try {
    if ($auth.get().token) await usersApi.logout().catch(() => undefined);
  } finally {
    clearAuth();
    clearRecordPage();
    // The member's cart stays with the account; this browser shows no cart until the next add.
    writeCartCount(0);
    if (opts.redirect !== false) nav.go(localePath(currentLocale(), '/'));
  }
}

/** Confirms the member's phone with the code sent to it; phoneVerify becomes true. */
export async function verifyPhone(code: string): Promise<UserInfo> {
  await usersApi.verifyOtp({ code });
  return fetchUserInfo();
}

/** Saves profile fields and refreshes the stored user info. */
export async function updateProfile(patch: Parameters<typeof usersApi.update>[0]): Promise<UserInfo> {
  await usersApi.update(patch);
  return fetchUserInfo();
}

/** Changes the password; the server ends every other session of this member. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await usersApi.changePassword({ currentPassword, newPassword });
}

/** Test seam: forget the per-page initialisation. */
export function resetAuthForTests(): void {
  initializing = undefined;
  $auth.set({ token: null, userInfo: null, loginSuccess: false, init: false });
}
