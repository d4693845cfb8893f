/**
 * Plays the shop's Lottie animations (public/lottie/*.json) with the light SVG player, loaded only
 * when an animation is on screen. A speed not above 0 throws (spec section 8); an animation that
 * fails to load is logged and leaves its box empty.
 */
import type { AnimationItem } from 'lottie-web';
import { checkSpeed } from './speed.ts';

export interface LottieOptions {
  src: string;
  speed?: number;
  loop?: boolean;
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

async function loadJson(src: string): Promise<unknown> {
  const res = await fetch(src);
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${src}`);
  return res.json();
}

/** Starts the animation in `container`; resolves to null when it could not be loaded. */
export async function playLottie(container: HTMLElement, opts: LottieOptions): Promise<AnimationItem | null> {
  const speed = checkSpeed(opts.speed);
  try {
    const [{ default: lottie }, animationData] = await Promise.all([
      import('lottie-web/build/player/esm/lottie_light.min.js'),
      loadJson(opts.src),
    ]);
    const still = prefersReducedMotion();
    const anim = lottie.loadAnimation({
      container,
      renderer: 'svg',
      loop: opts.loop ?? true,
      autoplay: !still,
      animationData,
      rendererSettings: { preserveAspectRatio: 'xMidYMid meet' },
    });
    anim.setSpeed(speed);
    return anim;
  } catch (error) {
    console.warn('[animation] could not load', opts.src, error);
    return null;
  }
}

/** Plays every visible `[data-lottie]` element under `root` that is not playing yet. */
export function playAll(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-lottie]:not([data-playing])')) {
    if (el.closest('[hidden]')) continue;
    el.dataset.playing = '';
    const speed = el.dataset.speed ? Number(el.dataset.speed) : undefined;
    void playLottie(el, { src: el.dataset.lottie ?? '', speed, loop: el.dataset.loop !== 'false' });
  }
}
