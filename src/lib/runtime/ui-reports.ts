/**
 * How code below the UI (the API client, polling, page navigation) tells the page what is going on,
 * without knowing who shows it: the UI store (`stores/ui.ts`) installs the listener when it loads.
 */
export type UiReport =
  /** A failure the shopper must be told of (the error modal). */
  | { kind: 'error'; message: string }
  /** Tracked work (an API call, a page load) began or ended; `reset` forgets it all (back-forward cache). */
  | { kind: 'activity'; event: 'start' | 'success' | 'failure' | 'reset' };

type Listener = (report: UiReport) => void;

let listener: Listener | undefined;
/** Reports made before the UI store loaded; handed over when it does (at most a few per page). */
const early: UiReport[] = [];
const EARLY_MAX = 20;

/** Sends a report to the UI, or keeps it until the UI listens. */
export function report(entry: UiReport): void {
  if (listener) listener(entry);
  else if (early.length < EARLY_MAX) early.push(entry);
}

/** Installs the UI's listener (one per page) and hands it what was reported before. */
export function listenToReports(next: Listener): void {
  listener = next;
  for (const entry of early.splice(0)) next(entry);
}
