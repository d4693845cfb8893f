/**
 * Fetching a photo named by an import (`Image Src`) without reaching the shop's own network: the
 * host is resolved, every address it has must be public (public-address.ts), and the request goes to
 * that very address (the Host header and TLS name stay the URL's), so a second DNS answer cannot
 * point it elsewhere (DNS rebinding). Redirects are followed here, each hop checked the same way.
 * Every refusal is the same AddressRefused, whatever the address was and whether anything listens
 * there: no connection is ever opened to a refused address.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress } from './public-address.ts';

/** Redirects followed at most (browsers follow about 20; a photo host needs a few). */
export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The address a photo URL (or one of its redirects) leads to is not one the shop fetches from. */
export class AddressRefused extends Error {
  constructor(cause?: unknown) {
    super('address refused', { cause });
    this.name = 'AddressRefused';
  }
}

export interface PhotoFetchOptions {
  signal: AbortSignal;
  /**
   * Tests only: origins (`http://127.0.0.1:4321`) fetched although on this machine, for a photo
   * server the test runs. Refused when NODE_ENV=production.
   */
  allowOrigins?: readonly string[];
}

export interface PhotoResponse {
  status: number;
  contentLength: number | null;
  body: AsyncIterable<Uint8Array>;
  /** Stops reading and closes the connection. */
  close(): void;
}

/** The checked address to connect to for `url`, or AddressRefused. */
async function addressOf(url: URL, allowOrigins: readonly string[]): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AddressRefused();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let found: { address: string; family: number }[];
  if (isIP(host)) found = [{ address: host, family: isIP(host) }];
  else {
    try {
      found = await lookup(host, { all: true, verbatim: true });
    } catch (err) {
      // A name that does not resolve is reported as a refusal too: one answer for every address not fetched.
      throw new AddressRefused(err);
    }
  }
  const allowed = allowOrigins.includes(url.origin);
  // IPv4 first: many hosts publish an IPv6 address that this server may have no route to.
  const first = found.find((a) => a.family === 4) ?? found[0];
  if (!first || (!allowed && !found.every((a) => isPublicAddress(a.address)))) throw new AddressRefused();
  return first;
}

function get(url: URL, to: { address: string; family: number }, signal: AbortSignal): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const name = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((done, fail) => {
    const req = request({
      host: to.address,
      family: to.family,
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { host: url.host, accept: 'image/*', 'user-agent': 'shop-catalog-import' },
      // The certificate is checked against the URL's name, not the address connected to.
      ...(url.protocol === 'https:' && !isIP(name) ? { servername: name } : {}),
      signal,
      agent: false,
    });
    req.once('response', done);
    req.once('error', fail);
    req.end();
  });
}

/**
 * GET `src` from a public address (see the module comment), following up to MAX_REDIRECTS redirects;
 * throws AddressRefused for any hop that is not public, an Error for a network failure.
 */
export async function fetchPhoto(src: string, opts: PhotoFetchOptions): Promise<PhotoResponse> {
  const allowOrigins = opts.allowOrigins ?? [];
  if (allowOrigins.length > 0 && process.env.NODE_ENV === 'production')
    throw new Error('allowOrigins is for tests: refused with NODE_ENV=production.');
  let url: URL;
  try {
    url = new URL(src);
  } catch (err) {
    throw new AddressRefused(err);
  }
  for (let hop = 0; ; hop++) {
    const res = await get(url, await addressOf(url, allowOrigins), opts.signal);
    const location = res.headers.location;
    if (REDIRECTS.has(res.statusCode ?? 0) && location) {
      res.destroy();
      if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
      try {
        url = new URL(location, url);
      } catch (err) {
        throw new AddressRefused(err);
      }
      continue;
    }
    const length = res.headers['content-length'];
    return {
      status: res.statusCode ?? 0,
      contentLength: length === undefined ? null : Number(length),
      body: res,
      close: () => res.destroy(),
    };
  }
}
