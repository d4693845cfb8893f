// The built-in rebuild of the prerendered pages (scripts/lib/rebuild-scheduler.ts). (The conventions of every table: schema.ts.)

/** One row per lease (`pages`): who rebuilds until when, and the last result. */
export interface PageRebuildsTable {
  name: string;
  holder: string | null;
  lease_until: number | null;
  finished_at: number | null;
  seconds: number | null;
  error: string | null;
}

/** A serving process that runs the rebuild schedule, and when it was last seen. */
export interface PageRebuildSchedulersTable {
  instance: string;
  check_seconds: number;
  seen_at: number;
}
