/**
 * The built-in schedule of the prerendered pages. A serving process (`npm start`, `npm run serve`)
 * checks every REBUILD_CHECK_SECONDS whether the catalog fingerprint moved from the live build's,
 * and at once after an owner's edit (a new entry of the catalog's change log, polled every POLL_MS); then it rebuilds
 * (scripts/build.ts, incremental, in a child process at a lower CPU priority, so that serving never
 * pauses and shoppers' requests keep their latency) and the new release goes live with one rename.
 * One rebuild at a time across every process on the database (a lease row, renewed while building).
 * A failed rebuild keeps the live build, is logged with why, and is tried again at the next periodic
 * check, not before. With a pages' bucket (PAGES_S3_BUCKET, page-bucket.ts) each check first takes the
 * release the bucket names when it is new here (downloaded, nothing rendered): only the instance that
 * wins the lease renders, and its build uploads the release for the others.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogFingerprint } from '../../src/server/catalog/fingerprint.ts';
import type { Db } from '../../src/server/db/index.ts';
import {
  forgetScheduler,
  latestCatalogChange,
  releaseRebuildLease,
  reportScheduler,
  takeRebuildLease,
} from '../../src/server/ops/page-rebuilds.ts';
import { bucketLatest, type PageBucket, type PullResult, pullRelease, uploadRelease } from './page-bucket.ts';
import { liveBuild } from './releases.ts';

/** How often a serving process looks for an owner's new edit, to check at once. */
export const POLL_MS = 1_000;
/** How long a rebuild's lease lasts without renewal (a process that died while rebuilding frees it). */
const LEASE_MS = 120_000;
const RENEW_MS = 30_000;
/** How often a schedule says it is alive (the owner's tools read it). */
const REPORT_MS = 10_000;
/** The rebuild's CPU priority (nice value): below the serving process's requests. */
const BUILD_NICENESS = 10;
/** What a standby build prints once its modules are loaded (scripts/build.ts). */
export const STANDBY_READY = '[build] modules loaded and code bundled; waiting to be asked';
/** The end of a failed build's output kept with its error. */
const ERROR_TAIL = 2_000;

/**
 * What a check did. With a pages' bucket also: `pulled`, the release another instance built taken
 * from the bucket, and `published`, this instance's live release put in an empty bucket.
 */
export type CheckResult = 'unchanged' | 'built' | 'failed' | 'busy' | 'backoff' | 'elsewhere' | 'pulled' | 'published';

export interface SchedulerOptions {
  db: Db;
  /** The output folder the shop serves (DIST_DIR). */
  dist: string;
  checkSeconds: number;
  instance?: string;
  now?: () => number;
  /** Runs one build into `dist`; rejects with why it failed. */
  build?: () => Promise<void>;
  /**
   * The pages' bucket (PAGES_S3_BUCKET) every instance shares, or null (one machine): a build
   * uploads its release there (scripts/build.ts), and a check first takes the release it names.
   */
  bucket?: PageBucket | null;
  log?: (line: string) => void;
  /** Without `build`: whether the rebuild's process is started ahead of need (`StandbyBuilds`; REBUILD_STANDBY). */
  standby?: boolean;
}

/**
 * The build process's environment: `env` with Node's module compile cache on (in Node's own default
 * folder unless NODE_COMPILE_CACHE names one), so that each rebuild finds the build's TypeScript
 * already stripped and its modules' code compiled by the one before (a module whose source changed
 * is compiled afresh; NODE_DISABLE_COMPILE_CACHE=1 turns it off). Loading them is a fixed cost of
 * every rebuild, the same for an edit of one price as for a full build (a tenth of an edit's CPU
 * time at 1,000 products went to stripping and compiling; the cache takes back half of it).
 */
export function buildChildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache') };
}

interface BuildChild {
  /** Says to build (a standby waits for it; a child started to build at once has no input). */
  go(): void;
  /** A standby has loaded its modules and waits (or has ended). */
  ready: Promise<void>;
  kill(): void;
  /** It has ended (a standby that died while it waited is not asked to build). */
  exited(): boolean;
  /** How it ended, with the end of its output. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; error?: Error }>;
}

/** scripts/build.ts in a child at a lower CPU priority; `standby`: it loads its modules, then waits for `go`. */
function startBuild(env: NodeJS.ProcessEnv, standby: boolean): BuildChild {
  const child = spawn(process.execPath, ['scripts/build.ts'], {
    env: { ...buildChildEnv(env), BUILD_STANDBY: standby ? '1' : '' },
    stdio: [standby ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  try {
    if (child.pid) setPriority(child.pid, BUILD_NICENESS);
  } catch {
    // Not allowed here: the build runs at the server's priority.
  }
  let out = '';
  let waits: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    waits = resolve;
  });
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-ERROR_TAIL);
    if (out.includes(STANDBY_READY)) waits();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A standby that died (or was stopped) before its word: the word goes nowhere.
  child.stdin?.on('error', () => {});
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; error?: Error }>(
    (done) => {
      child.on('error', (error) => done({ code: null, signal: null, out, error }));
      child.on('exit', (code, signal) => done({ code, signal, out }));
    },
  );
  let exited = false;
  ended.then(() => {
    exited = true;
    waits();
  });
  return {
    ready,
    exited: () => exited,
    go: () => child.stdin?.end('go\n'),
    kill: () => child.kill(),
    ended,
  };
}

/** Waits for a build child: its summary line logged, its failure thrown with its output's end. */
async function outcome(child: BuildChild, log: (line: string) => void): Promise<void> {
  const { code, signal, out, error } = await child.ended;
  if (error) throw error;
  if (code !== 0) throw new Error(`the build exited with ${signal ?? code}: ${out.trim()}`);
  log(`[rebuild] ${out.trim().split('\n').at(-1) ?? ''}`);
}

/** Runs scripts/build.ts at a lower CPU priority; its summary line is logged, its failure thrown with its output's end. */
export function buildInChild(log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const child = startBuild(env, false);
  return outcome(child, log);
}

/**
 * Builds whose process is started ahead of need: one child at a time has loaded the build's modules
 * (Astro, the shop's server code: a second or more of an edit's rebuild, at the build's low priority)
 * and bundled the pages' code into its release (about 2.5 s more; an edit changes data, not code),
 * and waits before it takes the lock or reads the catalogue (scripts/build.ts); a rebuild tells it to
 * go and, once it has ended, starts the next one. It costs one idle process (about 730 MB resident:
 * Vite's and Astro's state kept for the pages) beside the serving one. `close` stops the one waiting.
 */
export class StandbyBuilds {
  private readonly env: NodeJS.ProcessEnv;
  private waiting: BuildChild | null;
  private closed = false;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.env = env;
    this.waiting = startBuild(env, true);
  }

  /** The build process waiting has loaded its modules (or there is none). */
  ready(): Promise<void> {
    return this.waiting?.ready ?? Promise.resolve();
  }

  build(log: (line: string) => void): Promise<void> {
    const waiting = this.waiting && !this.waiting.exited() ? this.waiting : null;
    const child = waiting ?? startBuild(this.env, true);
    this.waiting = null;
    child.go();
    const next = () => {
      if (!this.closed) this.waiting = startBuild(this.env, true);
    };
    child.ended.then(next);
    return outcome(child, log);
  }

  close(): void {
    this.closed = true;
    this.waiting?.kill();
    this.waiting = null;
  }
}

export class RebuildScheduler {
  readonly instance: string;
  private readonly o: Required<Omit<SchedulerOptions, 'instance' | 'standby'>>;
  private building = false;
  /** After a failure: no new attempt before this time (the next periodic check). */
  private retryAt = 0;
  /** A check could not run to its end (a rebuild under way here or elsewhere): check again at the next poll. */
  private pending = false;
  private seenChange = 0;
  private pulling: Promise<PullResult['result'] | 'failed' | 'off'> | null = null;
  private timers: NodeJS.Timeout[] = [];
  /** The checks and polls the timers started that have not ended: `stop` waits for them. */
  private running = new Set<Promise<unknown>>();
  /** The build processes started ahead of need, when the schedule runs scripts/build.ts itself. */
  private standby: StandbyBuilds | null = null;
  /** The schedule runs scripts/build.ts itself, in processes started ahead of need. */
  private readonly ownStandby: boolean;

  constructor(options: SchedulerOptions) {
    this.instance = options.instance ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const log = options.log ?? ((line: string) => console.log(line));
    // Without a build of its own, the schedule's rebuilds run in processes started ahead of need.
    this.o = {
      now: Date.now,
      log,
      build: () => (this.ownStandby ? this.standbyBuilds().build(log) : buildInChild(log)),
      bucket: null,
      ...options,
    };
    this.ownStandby = options.build === undefined && options.standby !== false;
  }

  /**
   * Rebuilds when the live build's fingerprint is not the catalog's and no other process rebuilds.
   * Resolves with what it did.
   */
  async check(): Promise<CheckResult> {
    if (this.building) {
      this.pending = true;
      return 'busy';
    }
    this.pending = false;
    const { db, dist } = this.o;
    const pulled = await this.pull();
    const { fingerprint } = await catalogFingerprint(db);
    if (liveBuild(dist)?.fingerprint === fingerprint) {
      if (pulled === 'none' && liveBuild(dist)) return this.publishLive();
      return pulled === 'pulled' ? 'pulled' : 'unchanged';
    }
    if (this.o.now() < this.retryAt) return 'backoff';
    // Another check of this process may have started building while this one read the catalog: the
    // lease is this process's own either way, so only this flag keeps them from building twice.
    if (this.building) {
      this.pending = true;
      return 'busy';
    }
    this.building = true;
    try {
      if (!(await takeRebuildLease(db, this.instance, this.o.now(), LEASE_MS))) {
        this.pending = true;
        return 'elsewhere';
      }
      return await this.rebuildHoldingLease();
    } finally {
      this.building = false;
    }
  }

  /**
   * Takes the release the pages' bucket names when this instance does not serve it yet. A failure
   * (the bucket down, a release being replaced while downloaded) is logged; the live release stays.
   */
  private pull(): Promise<PullResult['result'] | 'failed' | 'off'> {
    // One at a time: a check that comes while another pulls waits for the same answer.
    this.pulling ??= this.pullOnce().finally(() => {
      this.pulling = null;
    });
    return this.pulling;
  }

  private async pullOnce(): Promise<PullResult['result'] | 'failed' | 'off'> {
    const { bucket, dist } = this.o;
    if (!bucket) return 'off';
    const started = this.o.now();
    try {
      const pulled = await pullRelease(dist, bucket);
      if (pulled.result === 'pulled')
        this.o.log(
          `[rebuild] took build ${pulled.id} from the pages' ${bucket.describe} in ${((this.o.now() - started) / 1000).toFixed(1)} s ` +
            `(${pulled.downloaded} files downloaded, ${pulled.linked} unchanged linked): live, nothing rendered`,
        );
      return pulled.result;
    } catch (error) {
      this.o.log(
        `[rebuild] could not take the pages' release from the ${bucket.describe}; the live build stays: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 'failed';
    }
  }

  /** An empty pages' bucket gets this instance's live release (holding the lease: one upload). */
  private async publishLive(): Promise<CheckResult> {
    const { db, dist, bucket } = this.o;
    const live = liveBuild(dist);
    if (!bucket || !live) return 'unchanged';
    if (!(await takeRebuildLease(db, this.instance, this.o.now(), LEASE_MS))) {
      this.pending = true;
      return 'elsewhere';
    }
    try {
      if (await bucketLatest(bucket)) return 'unchanged';
      const sent = await uploadRelease(bucket, live.dir, null);
      this.o.log(
        `[rebuild] the pages' ${bucket.describe} was empty: build ${sent.id} uploaded (${sent.uploaded} files)`,
      );
      return 'published';
    } catch (error) {
      this.o.log(
        `[rebuild] could not upload the live build to the pages' ${bucket.describe}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 'failed';
    } finally {
      await releaseRebuildLease(db, this.instance, null);
    }
  }

  private async rebuildHoldingLease(): Promise<CheckResult> {
    const { db, dist } = this.o;
    // Another instance may have published a release while this one waited for the lease.
    await this.pull();
    // Another process on the same folder may have rebuilt while this one waited for the lease.
    const before = liveBuild(dist)?.fingerprint ?? 'none';
    const { fingerprint } = await catalogFingerprint(db);
    if (before === fingerprint) {
      await releaseRebuildLease(db, this.instance, null);
      return 'unchanged';
    }
    const renew = setInterval(() => {
      takeRebuildLease(db, this.instance, this.o.now(), LEASE_MS).catch(() => {});
    }, RENEW_MS);
    const started = this.o.now();
    this.o.log(`[rebuild] the catalog changed (fingerprint ${before} → ${fingerprint}): rebuilding the pages`);
    try {
      await this.o.build();
      const seconds = (this.o.now() - started) / 1000;
      this.retryAt = 0;
      await releaseRebuildLease(db, this.instance, { now: this.o.now(), seconds, error: null });
      return 'built';
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.retryAt = this.o.now() + this.o.checkSeconds * 1000;
      this.o.log(`[rebuild] failed; the live build stays, next attempt in ${this.o.checkSeconds} s or later: ${why}`);
      await releaseRebuildLease(db, this.instance, { now: this.o.now(), seconds: null, error: why.slice(-ERROR_TAIL) });
      return 'failed';
    } finally {
      clearInterval(renew);
    }
  }

  /** Checks when an owner edited the catalog since the last look, or while another process rebuilds. */
  async poll(): Promise<CheckResult | null> {
    const change = await latestCatalogChange(this.o.db);
    const edited = change !== this.seenChange;
    this.seenChange = change;
    return edited || this.pending ? this.check() : null;
  }

  /** Starts the schedule: a check now, then every checkSeconds, and a poll for requests every POLL_MS. */
  private standbyBuilds(): StandbyBuilds {
    this.standby ??= new StandbyBuilds();
    return this.standby;
  }

  async start(): Promise<void> {
    const { db, checkSeconds } = this.o;
    if (this.ownStandby) this.standbyBuilds();
    this.seenChange = await latestCatalogChange(db);
    await reportScheduler(db, this.instance, checkSeconds, this.o.now());
    const quietly = (run: () => Promise<unknown>) => () => {
      const job = run()
        .catch((error: Error) => this.o.log(`[rebuild] the check failed: ${error.message}`))
        .finally(() => this.running.delete(job));
      this.running.add(job);
    };
    const every = (ms: number, run: () => Promise<unknown>) => {
      const timer = setInterval(quietly(run), ms);
      timer.unref();
      this.timers.push(timer);
    };
    quietly(() => this.check())();
    every(checkSeconds * 1000, () => this.check());
    every(POLL_MS, () => this.poll());
    every(REPORT_MS, () => reportScheduler(db, this.instance, checkSeconds, this.o.now()));
  }

  /**
   * Stops the timers and says so in the database at once (a shutdown does not wait for it), then waits
   * for the check they started, if one runs (a rebuild included): no check of this schedule runs after.
   */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await forgetScheduler(this.o.db, this.instance).catch(() => {});
    while (this.running.size) await Promise.allSettled([...this.running]);
    this.standby?.close();
    this.standby = null;
  }
}
