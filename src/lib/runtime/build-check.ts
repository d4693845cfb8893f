import { OUTDATED_BUILD_CHECK_MS } from '../../config.ts';

/** The build manifest written by every build: `{id, timestamp}`. */
export const BUILD_MANIFEST_URL = '/builds/latest.json';

async function fetchBuildId(): Promise<string | null> {
  try {
    const res = await fetch(BUILD_MANIFEST_URL, { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    // Offline or between deploys: try again at the next check.
    return null;
  }
}

/**
 * The build the page was served from: the site server names it in the page's
 * `Server-Timing: build;desc="<id>"` (src/server/site-files.ts). Null where nothing named it (a CDN
 * serving the pages' bucket, the dev server).
 */
function servedBuildId(): string | null {
  try {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return nav?.serverTiming?.find((entry) => entry.name === 'build')?.description || null;
  } catch {
    return null;
  }
}

/**
 * Watches for a newer build: the id this page belongs to is the one it was served with, or else the
 * manifest's, read once the browser is idle; the manifest is read again hourly and whenever the tab
 * becomes visible. Once the id changed, the next navigation is a full page load (client-side
 * navigation would keep running the old code). Returns whether the build is outdated.
 */
export function startBuildCheck(): () => boolean {
  let current: string | null = servedBuildId();
  let outdated = false;
  const check = async () => {
    const id = await fetchBuildId();
    if (!id) return;
    if (current === null) current = id;
    else if (id !== current) outdated = true;
  };
  // Without a served id, the first read waits until the browser is idle: starting a request costs a
  // slow phone several milliseconds of main thread while the page's scripts start, and nothing on
  // screen needs the id.
  if (current === null) {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void check());
    else setTimeout(() => void check(), 1);
  }
  setInterval(check, OUTDATED_BUILD_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  // Cancelling a client-side navigation makes Astro's router load the same URL in full.
  document.addEventListener('astro:before-preparation', (event) => {
    if (outdated) event.preventDefault();
  });
  return () => outdated;
}
