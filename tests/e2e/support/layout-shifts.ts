/**
 * Layout shifts as CLS counts them, and a slow network's way of delivering a page: the helpers of the
 * tests that check the first screen never moves.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/**
 * The page's layout shifts so far, as CLS counts them (none after an input): their sum, and what moved
 * (each source's element and its rectangles before and after), to name the cause when it is not 0.
 */
export const layoutShifts = (page: Page) =>
  page.evaluate(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const observer = new PerformanceObserver(() => undefined);
    // The buffered entries are the observer's records as soon as it observes.
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = (observer.takeRecords() as Shift[]).filter((e) => !e.hadRecentInput);
    observer.disconnect();
    const name = (n: Node | null) =>
      n instanceof Element
        ? `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}.${[...n.classList].join('.')}`
        : String(n);
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    return {
      sum: entries.reduce((sum, e) => sum + e.value, 0),
      moved: entries.flatMap((e) =>
        e.sources.map(
          (s) => `${name(s.node)} at ${Math.round(e.startTime)} ms: ${rect(s.previousRect)} → ${rect(s.currentRect)}`,
        ),
      ),
    };
  });

declare global {
  interface Window {
    /** Each layout shift of this document so far, recorded as it happened (see recordLayoutShifts). */
    __layoutShifts?: { value: number; elements: string[]; text: string[] }[];
  }
}

/**
 * Records every document's layout shifts from its start, naming what moved at the moment it moved
 * (a node removed later, such as a loading line, is still named): the elements, and apart from them
 * the text nodes, whose words may reflow while the rest of their paragraph is still arriving.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const shifts: NonNullable<Window['__layoutShifts']> = [];
    window.__layoutShifts = shifts;
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const path = (el: Element | null) => {
      const names: string[] = [];
      for (let e = el; e && names.length < 3; e = e.parentElement)
        names.push(
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${[...e.classList].map((c) => `.${c}`).join('')}`,
        );
      return names.join(' < ');
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        if (e.hadRecentInput) continue;
        const shift = { value: e.value, elements: [] as string[], text: [] as string[] };
        for (const { node, previousRect, currentRect } of e.sources) {
          const moved = `${rect(previousRect)} → ${rect(currentRect)} at ${Math.round(e.startTime)} ms`;
          if (node instanceof Element) shift.elements.push(`${path(node)}: ${moved}`);
          else
            shift.text.push(`"${node?.textContent?.slice(0, 20)}" in ${path(node?.parentElement ?? null)}: ${moved}`);
        }
        shifts.push(shift);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recordLayoutShifts has seen on the current document. */
export const recordedLayoutShifts = (page: Page) => page.evaluate(() => window.__layoutShifts ?? []);

/** How a slow network hands a page to the browser: up to this many bytes at a time, with this pause between. */
export const DRIP = { bytes: 1_500, pauseMs: 30 };

/**
 * The pieces the proxy sends: each up to DRIP.bytes, ending just before a tag's `<` where it has one,
 * so that a text arrives whole, with the tag that opens its element. A piece cut inside a button's
 * label let the browser paint "Shop by c" on the English home page's hero and then the whole label,
 * which moved the button to the next line: a shift of where a piece happened to end and of whether
 * the browser painted before the next one came (it did on a busy machine), where the test is after
 * what the page's layout moves. An element still grows as its children arrive, which moves nothing
 * painted before it.
 */
export function dripPieces(body: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < body.length; ) {
    const window = body.subarray(at, at + DRIP.bytes);
    const lastTag = window.lastIndexOf('<'.charCodeAt(0));
    const size = at + DRIP.bytes >= body.length || lastTag <= 0 ? window.length : lastTag;
    pieces.push(body.subarray(at, at + size));
    at += size;
  }
  return pieces;
}

/**
 * A proxy in front of the shop that sends each HTML document uncompressed in small pieces with a pause
 * between them (as a phone on a slow network receives it, so the browser paints half-parsed pages), and
 * passes every other request through unchanged. Returns its origin and a function that stops it.
 */
export async function dripProxy(upstream: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const headers = { ...req.headers, host: target.host };
    const html = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (html) headers['accept-encoding'] = 'identity';
    const up = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        const isHtml = html && (answer.headers['content-type'] ?? '').startsWith('text/html');
        if (!isHtml) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', async () => {
          const body = Buffer.concat(chunks);
          const { 'content-length': _, ...rest } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, rest);
          for (const piece of dripPieces(body)) {
            res.write(piece);
            await new Promise((resolve) => setTimeout(resolve, DRIP.pauseMs));
          }
          res.end();
        });
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
