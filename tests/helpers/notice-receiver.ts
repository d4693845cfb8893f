import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  contentType: string;
  fields: Record<string, string>;
}

/**
 * A small HTTP server standing in for the shop's payment endpoints: it records every form POST and
 * answers from a per-path queue of replies (then `1|OK`).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const replies = new Map<string, string[]>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        path,
        contentType: req.headers['content-type'] ?? '',
        fields: Object.fromEntries(new URLSearchParams(body)),
      });
      res.end(replies.get(path)?.shift() ?? '1|OK');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    /** The next answers at `path`, in order. */
    reply(path: string, ...answers: string[]) {
      replies.set(path, answers);
    },
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
