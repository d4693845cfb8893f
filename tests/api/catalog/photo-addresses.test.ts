import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../../src/server/catalog/admin/import-catalog.ts';
import { describeProblem } from '../../../src/server/catalog/admin/messages.ts';
import { AddressRefused, fetchPhoto } from '../../../src/server/catalog/admin/photo-fetch.ts';
import { photoResolver } from '../../../src/server/catalog/admin/photos.ts';
import { isPublicAddress } from '../../../src/server/catalog/admin/public-address.ts';
import { folderStore } from '../../../src/server/media/folder-store.ts';
import { dumpCatalog } from '../../helpers/catalog-tool.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { staffMember, type TestStaff } from '../admin/admin-helpers.ts';

// Import photo URLs never reach this machine or a private network (issue 38, defect 14).
let shop: TestShop;
let owner: TestStaff;
/** A server on this machine that must never be reached: every request it gets is counted. */
let guarded: Server;
let guardedHits = 0;
let guardedPort: number;
/** The test's own photo host (allowed by origin, as the photo tests' server is): it redirects. */
let redirector: Server;
let redirectorOrigin: string;
let png: Buffer;

const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  owner = await staffMember(shop, 'owner', '王店主');
  png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  guarded = createServer((_req, res) => {
    guardedHits++;
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  guardedPort = await listen(guarded);
  redirector = createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (req.url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/host') res.writeHead(200, { 'content-type': 'text/plain' }).end(req.headers.host);
    else if (to) res.writeHead(302, { location: to }).end();
    else res.writeHead(404).end();
  });
  redirectorOrigin = `http://127.0.0.1:${await listen(redirector)}`;
});
afterAll(async () => {
  guarded.close();
  redirector.close();
  await shop.close();
});

/** Addresses of this machine and of private, local, multicast and unspecified networks, as URLs. */
const refusedUrls = () => {
  const p = guardedPort;
  return [
    `http://127.0.0.1:${p}/a.png`,
    `http://localhost:${p}/a.png`,
    `http://[::1]:${p}/a.png`,
    `http://[::ffff:127.0.0.1]:${p}/a.png`,
    `http://2130706433:${p}/a.png`,
    `http://0x7f.1:${p}/a.png`,
    `http://0.0.0.0:${p}/a.png`,
    `http://127.0.0.1:1/closed-port.png`,
    'http://10.0.0.1/a.png',
    'http://172.16.5.4/a.png',
    'http://192.168.1.1/a.png',
    'http://100.64.0.1/a.png',
    'http://169.254.169.254/latest/meta-data/',
    'http://224.0.0.1/a.png',
    'http://255.255.255.255/a.png',
    'http://[fe80::1]/a.png',
    'http://[fd12:3456::1]/a.png',
    'http://[ff02::1]/a.png',
    'http://[::]/a.png',
    'http://[64:ff9b::a00:1]/a.png',
    'http://[2002:c0a8:101::1]/a.png',
    'https://no-such-host.invalid/a.png',
  ];
};

const HEADER = 'Handle,Title,Vendor,Type,Variant SKU,Variant Price,Image Src,Image Position';
const fileOf = (srcs: string[]) =>
  [HEADER, ...srcs.map((src, i) => `addr-${i},甲${i},Sony,配件,ADDR-${i},100,${src},1`)].join('\n');

async function importSrcs(srcs: string[], allowOrigins: string[] = []) {
  return importCatalog(shop.deps.db, Readable.from([fileOf(srcs)]), {
    dryRun: false,
    withdrawMissing: false,
    by: 'tester',
    subject: 'addresses.csv',
    now: Date.UTC(2026, 10, 27),
    resolveImage: photoResolver('/nonexistent/addresses.csv', folderStore('/nonexistent/media'), {
      checkOnly: true,
      allowOrigins,
    }),
  });
}

describe('which addresses are public', () => {
  it('refuses loopback, private, link-local, unique-local, multicast and unspecified, IPv4 and IPv6', () => {
    for (const a of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.1.1',
      '100.127.0.1',
      '224.0.0.251',
      '239.255.255.250',
      '240.0.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '[::ffff:192.168.0.1]',
      'fe80::1%eth0',
      'fc00::1',
      'fdff:ffff::1',
      'fec0::1',
      'ff02::fb',
      '64:ff9b::7f00:1',
      '2002:a00:1::',
      'not-an-address',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '2606:4700::6810:85e5',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ])
      expect(isPublicAddress(a), a).toBe(true);
  });
});

describe('photo URLs in an import', () => {
  it('are refused on every such address, after DNS, with one message, and nothing is reached', async () => {
    const srcs = refusedUrls();
    const before = await dumpCatalog(shop.deps.db);
    const report = await importSrcs(srcs);
    expect(report.applied).toBe(false);
    expect(report.problems.map((p) => [p.column, p.code])).toEqual(
      srcs.map(() => ['Image Src', 'image_address_refused']),
    );
    // The same words for each, the URL aside: an open port and a closed one look alike.
    for (const locale of ['en', 'zh-TW'] as const) {
      const texts = report.problems.map((p, i) =>
        describeProblem(locale, p).replace(srcs[i]!, 'URL').replace(/\d+/, 'N'),
      );
      expect(new Set(texts).size, texts.join('\n')).toBe(1);
    }
    expect(describeProblem('en', report.problems[0]!)).toContain('is not a public one');
    expect(describeProblem('zh-TW', report.problems[0]!)).toContain('不是公開的網路位址');
    expect(guardedHits).toBe(0);
    expect(await dumpCatalog(shop.deps.db)).toEqual(before);
  });

  it('are refused when a redirect leads there, each hop checked', async () => {
    const via = (to: string) => `${redirectorOrigin}/go?to=${encodeURIComponent(to)}`;
    const p = guardedPort;
    const srcs = [
      via(`http://127.0.0.1:${p}/a.png`),
      via(`http://localhost:${p}/a.png`),
      via(`http://[::ffff:127.0.0.1]:${p}/a.png`),
      via('http://169.254.169.254/latest/meta-data/'),
      via(via(`http://127.0.0.1:${p}/a.png`)),
      via(`file:///etc/passwd`),
    ];
    const report = await importSrcs(srcs, [redirectorOrigin]);
    expect(report.problems.map((x) => x.code)).toEqual(srcs.map(() => 'image_address_refused'));
    expect(guardedHits).toBe(0);
    // A redirect to a host that is allowed is followed.
    const ok = await importSrcs([via(`${redirectorOrigin}/photo.png`)], [redirectorOrigin]);
    expect(ok.problems).toEqual([]);
  });

  it('are refused in the console’s upload too, in the caller’s language', async () => {
    const src = `http://127.0.0.1:${guardedPort}/a.png`;
    for (const [lang, words] of [
      ['en', 'is not a public one'],
      ['zh-TW', '不是公開的網路位址'],
    ] as const) {
      const r = await shop.app.request('/api/admin/catalog/import?dry_run=1', {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv', 'accept-language': lang },
        body: fileOf([src]),
      });
      const result = (await r.json()).result;
      expect(result.problems).toEqual([expect.objectContaining({ code: 'image_address_refused' })]);
      expect(result.problems[0].message).toContain(words);
    }
    expect(guardedHits).toBe(0);
  });

  it('connects to the address it checked, keeping the URL’s name in the Host header', async () => {
    const port = new URL(redirectorOrigin).port;
    const res = await fetchPhoto(`http://localhost:${port}/host`, {
      signal: AbortSignal.timeout(5000),
      allowOrigins: [`http://localhost:${port}`],
    });
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body) chunks.push(chunk);
    expect(res.status).toBe(200);
    expect(Buffer.concat(chunks).toString()).toBe(`localhost:${port}`);
  });

  it('the test allowance is refused in production', async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(
        fetchPhoto(`${redirectorOrigin}/photo.png`, {
          signal: AbortSignal.timeout(5000),
          allowOrigins: [redirectorOrigin],
        }),
      ).rejects.toThrow(/NODE_ENV=production/);
      await expect(
        fetchPhoto(`${redirectorOrigin}/photo.png`, { signal: AbortSignal.timeout(5000) }),
      ).rejects.toBeInstanceOf(AddressRefused);
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});
