import { LOADING_BAR, THEME_COLORS } from '../config.ts';
import { $ui, type UiState } from '../stores/ui.ts';

/** Width, duration of the width transition and opacity of each phase. */
const LOOK: Record<UiState['loading'], { width: string; ms: number; opacity: string }> = {
  idle: { width: '0%', ms: 0, opacity: '0' },
  loading: { width: '100%', ms: LOADING_BAR.durationMs, opacity: '1' },
  done: { width: '100%', ms: LOADING_BAR.throttleMs, opacity: '1' },
  hiding: { width: '100%', ms: 0, opacity: '0' },
};

/**
 * The loading bar at the top of every page (plain DOM: it must not pull a UI framework into pages
 * that have none). It renders `$ui.loading`; page navigation and API calls drive that state.
 */
export function mountLoadingBar(): void {
  const bar = document.createElement('div');
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-label', 'loading');
  bar.dataset.loadingBar = '';
  Object.assign(bar.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    zIndex: '2147483647',
    height: `${LOADING_BAR.height}px`,
    pointerEvents: 'none',
    // The width eases out so the bar slows as it nears the end.
    transitionProperty: 'width, opacity',
    transitionTimingFunction: 'cubic-bezier(0.1, 0.6, 0.3, 1), linear',
  });
  // Outside <body>, which Astro's router replaces on every client-side navigation.
  document.documentElement.append(bar);
  $ui.subscribe((state) => {
    const look = LOOK[state.loading];
    bar.hidden = state.loading === 'idle';
    bar.dataset.phase = state.loading;
    bar.style.transitionDuration = `${look.ms}ms, ${state.loading === 'hiding' ? LOADING_BAR.resetDelayMs : 0}ms`;
    bar.style.width = look.width;
    bar.style.opacity = look.opacity;
    bar.style.background = state.loadingError ? THEME_COLORS.error : THEME_COLORS.primary;
  });
}
