import type { ClientDirective } from 'astro';

/**
 * `client:after-paint`: the island's code is fetched once the page's first frame is on screen, not
 * while the browser is still painting it. A purchase page's frame (title, steps, the space the
 * island will take) is prerendered; fetched at once, React and the island compete with that first
 * paint for a slow phone's bandwidth and main thread. The island hydrates one frame later.
 */
const afterPaint: ClientDirective = (load) => {
  requestAnimationFrame(() => {
    setTimeout(async () => {
      const hydrate = await load();
      await hydrate();
    }, 0);
  });
};

export default afterPaint;
