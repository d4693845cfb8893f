import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort, HOST } from './servers.ts';

export type GatewayMode = 'hang' | 'fail' | 'ok';

/**
 * A local SMS gateway speaking the shop's HTTP SMS protocol (`POST` of `{to, text}` as JSON with a
 * Bearer token) that can hang (never answers), fail (500) or accept (202). Counts what it received.
 */
export async function startGateway() {
  let mode: GatewayMode = 'ok';
  const received: { to: string; text: string }[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (d: Buffer) => {
      body += d.toString();
    });
    req.on('end', () => {
      try {
        received.push(JSON.parse(body) as { to: string; text: string });
      } catch {
        received.push({ to: '', text: body });
      }
      if (mode === 'hang') {
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
      }
      res.writeHead(mode === 'fail' ? 500 : 202, { 'content-type': 'application/json' });
      res.end(mode === 'fail' ? '{"error":"gateway down"}' : '{"queued":true}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, HOST, resolve));
  return {
    url: `http://${HOST}:${port}/send`,
    received,
    setMode(m: GatewayMode) {
      mode = m;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
