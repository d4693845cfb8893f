import { map } from 'nanostores';
import { LOADING_BAR } from '../config.ts';
import { listenToReports } from '../lib/runtime/ui-reports.ts';

/**
 * Loading-bar phases: `idle` (hidden, empty), `loading` (growing toward 100%), `done` (full),
 * `hiding` (fading out) and back to `idle`.
 */
export type LoadingPhase = 'idle' | 'loading' | 'done' | 'hiding';

export interface UiState {
  /** Message of the open error modal, or null when it is closed. */
  errorMessage: string | null;
  loading: LoadingPhase;
  /** The bar shows the error colour (a tracked task failed). */
  loadingError: boolean;
}

/** Site-wide UI state: the error modal and the loading bar (spec sections 4 and 8). */
export const $ui = map<UiState>({ errorMessage: null, loading: 'idle', loadingError: false });

/** Opens the closable error modal with `message`. */
export function showError(message: string): void {
  $ui.setKey('errorMessage', message);
}

export function closeError(): void {
  $ui.setKey('errorMessage', null);
}

let active = 0;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
let resetTimer: ReturnType<typeof setTimeout> | undefined;

function clearTimers(): void {
  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  clearTimeout(resetTimer);
  showTimer = hideTimer = resetTimer = undefined;
}

/**
 * A tracked task (page navigation or API call) began. The bar appears only if work is still going
 * on after the throttle, so quick calls never flash it.
 */
export function startLoading(): void {
  active++;
  if (active > 1 || showTimer) return;
  clearTimeout(hideTimer);
  clearTimeout(resetTimer);
  if ($ui.get().loading !== 'idle') {
    $ui.set({ ...$ui.get(), loading: 'loading', loadingError: false });
    return;
  }
  showTimer = setTimeout(() => {
    showTimer = undefined;
    $ui.set({ ...$ui.get(), loading: 'loading', loadingError: false });
  }, LOADING_BAR.throttleMs);
}

/** A tracked task ended; `failed` turns the bar to the error colour. The last one completes the bar. */
export function finishLoading(failed = false): void {
  active = Math.max(0, active - 1);
  if (failed && $ui.get().loading !== 'idle') $ui.setKey('loadingError', true);
  if (active > 0) return;
  if (showTimer) {
    // Finished within the throttle: the bar never appeared.
    clearTimers();
    return;
  }
  if ($ui.get().loading === 'idle') return;
  $ui.setKey('loading', 'done');
  hideTimer = setTimeout(() => {
    $ui.setKey('loading', 'hiding');
    resetTimer = setTimeout(() => {
      $ui.set({ ...$ui.get(), loading: 'idle', loadingError: false });
    }, LOADING_BAR.resetDelayMs);
  }, LOADING_BAR.hideDelayMs);
}

/** Forgets pending tasks, timers and the error modal (a page restored from the back-forward cache; tests). */
export function resetLoading(): void {
  active = 0;
  clearTimers();
  $ui.set({ errorMessage: null, loading: 'idle', loadingError: false });
}

// What the API client, polling and page navigation report reaches the modal and the bar through here.
listenToReports((entry) => {
  if (entry.kind === 'error') showError(entry.message);
  else if (entry.event === 'start') startLoading();
  else if (entry.event === 'reset') resetLoading();
  else finishLoading(entry.event === 'failure');
});
