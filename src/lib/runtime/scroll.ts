import { SCROLL_TO_TOP_DELAY_MS, SMOOTH_SCROLL } from '../../config.ts';

interface SmoothScroller {
  scrollTo(
    target: HTMLElement | number,
    opts: { duration?: number; easing?: (t: number) => number; immediate?: boolean },
  ): void;
}

let scroller: SmoothScroller | null = null;

/** The CSS `cubic-bezier(x1, y1, x2, y2)` timing function as t → progress. */
export function cubicBezier(x1: number, y1: number, x2: number, y2: number): (t: number) => number {
  const at = (a: number, b: number, t: number) => 3 * a * t * (1 - t) ** 2 + 3 * b * t * t * (1 - t) + t ** 3;
  return (x) => {
    if (x <= 0 || x >= 1) return Math.min(1, Math.max(0, x));
    // Bisection on x(t) = x: monotonic for 0 ≤ x1, x2 ≤ 1, and 30 halvings are exact enough for pixels.
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 30; i++) {
      const mid = (lo + hi) / 2;
      if (at(x1, x2, mid) < x) lo = mid;
      else hi = mid;
    }
    return at(y1, y2, (lo + hi) / 2);
  };
}

const easing = cubicBezier(...SMOOTH_SCROLL.easing);

/**
 * Smooth scrolling above the tablet breakpoint (lerp 0.1), unless the visitor prefers reduced
 * motion. The library is only downloaded where it runs, so phones never pay for it.
 */
export async function startSmoothScroll(): Promise<void> {
  if (!SMOOTH_SCROLL.enabled) return;
  if (!matchMedia(`(min-width: ${SMOOTH_SCROLL.minWidth}px)`).matches) return;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const { default: Lenis } = await import('lenis');
  scroller = new Lenis({ lerp: SMOOTH_SCROLL.lerp, autoRaf: true });
}

/** Scrolls to the element of `hash`, or to the top when there is none; smooth when `smooth`. */
export function scrollToTarget(hash: string, smooth: boolean): void {
  let target: HTMLElement | null = null;
  if (hash.length > 1) {
    try {
      target = document.getElementById(decodeURIComponent(hash.slice(1)));
    } catch {
      target = null;
    }
  }
  const duration = SMOOTH_SCROLL.scrollToDurationMs / 1000;
  if (scroller) scroller.scrollTo(target ?? 0, smooth ? { duration, easing } : { immediate: true });
  else if (target) target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto' });
  else window.scrollTo({ top: 0 });
}

/**
 * Page changes: Astro's router already scrolls to the top or the hash element (and restores the
 * position on back/forward); a first load with a hash goes to its element once the smooth scroller
 * runs. Elements marked `data-scroll-container` are scrolled back to the top 1600 ms after a path change.
 */
export function startScrollRestoration(): void {
  let lastPath = location.pathname;
  let timer: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener('astro:after-swap', () => {
    if (location.pathname === lastPath) return;
    lastPath = location.pathname;
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const el of document.querySelectorAll('[data-scroll-container]')) el.scrollTop = 0;
    }, SCROLL_TO_TOP_DELAY_MS);
  });
  if (location.hash) addEventListener('load', () => scrollToTarget(location.hash, false), { once: true });
}
