/**
 * One build at a time per output folder: `<dist>/.build.lock` holds the pid of the process that
 * builds (or decides whether to build). Others wait for it; a lock whose process is gone (a build
 * killed part way) is taken over.
 */
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const LOCK_FILE = '.build.lock';
const POLL_MS = 200;
/** A lock file still empty after this long belongs to a process that died between create and write. */
const EMPTY_LOCK_GRACE_MS = 5_000;

export interface BuildLock {
  release(): void;
}

interface Holder {
  pid: number;
}

/** Whether process `pid` runs (on this machine). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): Holder | 'unreadable' | 'gone' {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' ? { pid: holder.pid } : 'unreadable';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : 'unreadable';
  }
}

/**
 * Removes a lock left by a dead process. The file is renamed away first (one rename wins); if what
 * was renamed turns out to be a live process's lock (taken in between), it is linked back in place.
 */
function takeOver(path: string): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  const moved = readHolder(aside);
  if (typeof moved === 'object' && alive(moved.pid)) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone locked again meanwhile: that lock stands.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * Takes the build lock of `dist`, waiting while a live process holds it (`onWait` is told once).
 * A lock held by this process's parent (`npm start` running the build script) counts as held.
 */
export async function acquireBuildLock(dist: string, onWait: (pid: number | null) => void): Promise<BuildLock> {
  mkdirSync(dist, { recursive: true });
  const path = join(dist, LOCK_FILE);
  let told = false;
  for (;;) {
    try {
      writeFileSync(path, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }), { flag: 'wx' });
      return {
        release() {
          const holder = readHolder(path);
          if (typeof holder === 'object' && holder.pid === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(path);
    if (typeof holder === 'object' && holder.pid === process.ppid) return { release() {} };
    const stale =
      typeof holder === 'object'
        ? !alive(holder.pid)
        : holder === 'unreadable' && Date.now() - statSafe(path) > EMPTY_LOCK_GRACE_MS;
    if (stale) {
      takeOver(path);
      continue;
    }
    if (holder !== 'gone' && !told) {
      told = true;
      onWait(typeof holder === 'object' ? holder.pid : null);
    }
    await sleep(POLL_MS);
  }
}

function statSafe(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Date.now();
  }
}
