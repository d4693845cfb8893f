import type { ClientDirective } from 'astro';

/** Paint entries that say the first frame is on screen, where the browser reports them. */
const PAINT_ENTRIES = ['largest-contentful-paint', 'paint'];
/**
 * Hydrate by then whatever the browser reports (a tab opened in the background paints later): the
 * page loader's LEAD_IMAGE_WAIT_MS (scripts/lib/script-priority.ts). Written here, not imported:
 * Astro inlines a client directive into every island page, and an imported module comes whole.
 */
const LATEST_MS = 3000;

/**
 * `client:after-paint`: the island's code is fetched once the page's first frame is on screen, not
 * while the browser is still painting it. A purchase page's frame (title, steps, the space the
 * island will take) is prerendered; fetched at once, React and the island compete with that first
 * paint for a slow phone's bandwidth and main thread.
 *
 * "On screen" is when the browser reports the frame's paint (a largest-contentful-paint or
 * first-contentful-paint entry), not the next animation frame: that callback can run before the
 * frame is presented, and the island's requests then started before the page's largest paint. A
 * browser without those entries waits one frame; a first tap or key press does not wait.
 */
const afterPaint: ClientDirective = (load) => {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    setTimeout(async () => {
      const hydrate = await load();
      await hydrate();
    }, 0);
  };
  const types = PAINT_ENTRIES.filter((t) => PerformanceObserver.supportedEntryTypes?.includes(t));
  if (!types.length) {
    requestAnimationFrame(go);
    return;
  }
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    go();
  });
  for (const type of types) observer.observe({ type, buffered: true });
  for (const type of ['pointerdown', 'keydown', 'touchstart'])
    addEventListener(type, go, { once: true, passive: true });
  setTimeout(go, LATEST_MS);
};

export default afterPaint;
