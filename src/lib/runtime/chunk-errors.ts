import { guardedReload } from './reload-guard.ts';

/** Messages browsers give when a script chunk or dynamic import cannot be fetched. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk \S+ failed/i;

/** Whether `reason` (an error or rejection value) is a failed chunk load. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return CHUNK_FAILURE.test(message);
}

/** Whether a failed element is one of the site's own script chunks. */
function isOwnScript(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLScriptElement &&
    target.type === 'module' &&
    new URL(target.src, location.href).origin === location.origin
  );
}

/**
 * A chunk that fails to load (a stale build whose files are gone, an island whose import fails)
 * reloads the page through the reload guard; when the guard refuses, `onGiveUp` shows the error screen.
 */
export function installChunkErrorReload(onGiveUp: () => void): void {
  let handled = false;
  const recover = () => {
    if (handled) return;
    handled = true;
    if (!guardedReload()) onGiveUp();
  };
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    recover();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) recover();
  });
  window.addEventListener(
    'error',
    (event) => {
      if (isOwnScript(event.target) || isChunkLoadError(event.error ?? event.message)) recover();
    },
    true,
  );
}
