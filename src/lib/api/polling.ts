import { POLLING_DELAY_MS, POLLING_ERROR_THRESHOLD } from '../../config.ts';
import { report } from '../runtime/ui-reports.ts';
import { UNEXPECTED_ERROR } from './client.ts';

export interface PollOptions<T> {
  /** Pause between the end of one request and the start of the next (default 5000 ms). */
  delayMs?: number;
  /** Each successful result; return true to stop polling. */
  onResult?: (result: T) => boolean | undefined;
  /** Called instead of the error modal when polling gives up. */
  onGiveUp?: (error: unknown) => void;
}

/**
 * Calls `request` now and again `delayMs` after each answer until stopped or `onResult` returns true.
 * After more than 3 consecutive failures it stops and shows the error modal with the last message.
 * `request` should make silent API calls: polling reports its failure once, when it gives up.
 * Returns `stop()`.
 */
export function poll<T>(request: () => Promise<T>, opts: PollOptions<T> = {}): () => void {
  const delay = opts.delayMs ?? POLLING_DELAY_MS;
  let errors = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function tick(): Promise<void> {
    try {
      const result = await request();
      errors = 0;
      if (stopped || opts.onResult?.(result)) return stop();
    } catch (error) {
      if (stopped) return;
      errors++;
      if (errors > POLLING_ERROR_THRESHOLD) {
        stop();
        if (opts.onGiveUp) opts.onGiveUp(error);
        else
          report({
            kind: 'error',
            message: error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR,
          });
        return;
      }
    }
    if (!stopped) timer = setTimeout(tick, delay);
  }

  function stop(): void {
    stopped = true;
    clearTimeout(timer);
  }

  void tick();
  return stop;
}
