import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./api-server.ts', import.meta.url));
export const HOST = '127.0.0.1';
/** How long a server may take to migrate, seed-check and listen. */
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

/** Every server process started and not yet ended: none outlives the suite, however it ends. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** A free loopback port, found by letting the system pick one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const addr = s.address();
      s.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** One API server process on loopback, with what it wrote to stderr. */
export interface ApiServer {
  port: number;
  /** `http://127.0.0.1:<port>/api` */
  api: string;
  child: ChildProcess;
  stderr(): string;
  alive(): boolean;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown handler runs, as in a power cut. */
  kill(): Promise<void>;
  /** Resident and heap memory in bytes, the heap after a full collection when started with --expose-gc. */
  memory(): Promise<{ rss: number; heap: number }>;
}

/**
 * Starts scripts/load/api-server.ts with `env` on top of the suite's settings (production mode with
 * the simulators and the fault hook allowed, client addresses from X-Forwarded-For) and waits until
 * it listens. `port` reuses a port, as a restarted instance would.
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
  nodeArgs: string[] = [],
): Promise<ApiServer> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, [...nodeArgs, ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      ALLOW_SIMULATORS: '1',
      ALLOW_FAULTS: '1',
      TRUST_PROXY: '1',
      // One JSON line per request would flood the pipe at load: errors only (a scenario may ask for more).
      LOG_LEVEL: 'error',
      HOST,
      // The e-invoice simulator is reached through the shop's own origin.
      SITE_URL: `http://${HOST}:${p}`,
      ...env,
      PORT: String(p),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let err = '';
  let out = '';
  const memoryWaiters: ((m: { rss: number; heap: number }) => void)[] = [];
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => {
    exited = true;
    running.delete(child);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`API server on ${p} did not start in time: ${err}`)),
      START_TIMEOUT_MS,
    );
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      // Structured log lines (JSON): errors join the stderr text, where the scenarios look for escaped
      // errors (an unhandled error is logged as one); none piles up here.
      for (const m of out.matchAll(/^\{.*\}\n/gm)) if (/"level":"(error|fatal)"/.test(m[0])) err += m[0];
      out = out.replace(/^\{.*\}\n/gm, '');
      for (const m of out.matchAll(/memory rss=(\d+) heap=(\d+)/g))
        memoryWaiters.shift()?.({ rss: Number(m[1]), heap: Number(m[2]) });
      out = out.replace(/memory rss=\d+ heap=\d+ collected=\d\n?/g, '');
      if (out.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`API server on ${p} exited at start: ${err.slice(-500)}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (exited) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exit;
    clearTimeout(timer);
  };
  return {
    port: p,
    api: `http://${HOST}:${p}/api`,
    child,
    stderr: () => err,
    alive: () => !exited,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    memory: () =>
      new Promise((resolve) => {
        memoryWaiters.push(resolve);
        child.kill('SIGUSR2');
      }),
  };
}

/** Lines of a server's stderr that say a promise was left rejected or an exception escaped. */
export function escapedErrors(stderr: string): string[] {
  return stderr.split('\n').filter((l) => /unhandled|uncaught/i.test(l));
}
