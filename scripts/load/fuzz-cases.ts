import fc from 'fast-check';

/** A write route of the API: its method, path (`:id` is filled with generated text) and body keys. */
interface Route {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  keys: string[];
  /** Form posts from providers (ECPay): urlencoded bodies, not JSON. */
  form?: boolean;
}

/** Every write route, the ones of checkout, orders and payment included. */
export const WRITE_ROUTES: Route[] = [
  { method: 'POST', path: '/users/send-otp/phone', keys: ['phone', 'purpose'] },
  { method: 'POST', path: '/users/register', keys: ['name', 'phone', 'password', 'code'] },
  { method: 'POST', path: '/users/login', keys: ['account', 'password'] },
  { method: 'POST', path: '/users/logout', keys: [] },
  { method: 'PATCH', path: '/users/update', keys: ['name', 'email', 'zipcode', 'city', 'area', 'addr'] },
  { method: 'PATCH', path: '/users/confirm-email', keys: ['token'] },
  { method: 'PATCH', path: '/users/chpw', keys: ['current_password', 'new_password'] },
  { method: 'PATCH', path: '/users/verify-otp', keys: ['code'] },
  { method: 'PATCH', path: '/users/verify-otp-fp/phone', keys: ['phone', 'code'] },
  { method: 'PATCH', path: '/users/reset-password', keys: ['ticket', 'new_password'] },
  { method: 'POST', path: '/users/send-reset/email', keys: ['email'] },
  { method: 'POST', path: '/contact', keys: ['name', 'email', 'phone', 'subject', 'message'] },
  { method: 'POST', path: '/cart/items', keys: ['sku', 'quantity'] },
  { method: 'PATCH', path: '/cart/items/:id', keys: ['quantity'] },
  { method: 'DELETE', path: '/cart/items/:id', keys: [] },
  { method: 'POST', path: '/checkout/quote', keys: ['shipping', 'payment', 'invoice', 'receiver', 'store'] },
  { method: 'POST', path: '/checkout/phone/send', keys: ['phone'] },
  { method: 'POST', path: '/checkout/phone/verify', keys: ['phone', 'code'] },
  { method: 'POST', path: '/checkout/cvs-map', keys: ['brand'] },
  {
    method: 'POST',
    path: '/checkout/cvs-store',
    keys: ['ExtraData', 'CVSStoreID', 'CVSStoreName', 'MerchantID'],
    form: true,
  },
  { method: 'DELETE', path: '/checkout/cvs-store', keys: [] },
  { method: 'POST', path: '/orders', keys: ['receiver', 'shipping', 'payment', 'invoice', 'note', 'expected_total'] },
  { method: 'POST', path: '/orders/:id/cancel', keys: [] },
  { method: 'POST', path: '/orders/:id/payment', keys: [] },
  {
    method: 'POST',
    path: '/payments/ecpay/notify',
    keys: ['MerchantID', 'MerchantTradeNo', 'RtnCode', 'TradeAmt', 'CheckMacValue'],
    form: true,
  },
  {
    method: 'POST',
    path: '/payments/ecpay/info',
    keys: ['MerchantID', 'MerchantTradeNo', 'RtnCode', 'CheckMacValue'],
    form: true,
  },
  {
    method: 'POST',
    path: '/payments/ecpay/return',
    keys: ['MerchantID', 'MerchantTradeNo', 'RtnCode', 'CheckMacValue'],
    form: true,
  },
  { method: 'POST', path: '/dev/faults', keys: ['name', 'times'] },
  // The provider simulators take form posts too (the servers run with ALLOW_SIMULATORS=1).
  {
    method: 'POST',
    path: '/sim/logistics/map',
    keys: ['MerchantID', 'LogisticsSubType', 'ServerReplyURL', 'ExtraData'],
    form: true,
  },
  { method: 'POST', path: '/sim/logistics/map/choose', keys: ['ticket', 'store'], form: true },
  {
    method: 'POST',
    path: '/sim/ecpay/cashier',
    keys: ['MerchantID', 'MerchantTradeNo', 'TotalAmount', 'CheckMacValue'],
    form: true,
  },
  { method: 'POST', path: '/sim/ecpay/cashier/card', keys: ['trade', 'card'], form: true },
  { method: 'POST', path: '/sim/ecpay/cashier/transfer', keys: ['trade'], form: true },
  { method: 'POST', path: '/sim/ecpay/invoice/Issue', keys: ['MerchantID', 'RqHeader', 'Data'] },
  { method: 'POST', path: '/sim/ecpay/invoice/Invalid', keys: ['MerchantID', 'RqHeader', 'Data'] },
];

/** One generated request. */
export interface FuzzCase {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Send the member's Bearer token (reaches past the sign-in check). */
  signedIn: boolean;
}

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0912345678',
    '+886912345678',
    'a@b.tw',
    '__proto__',
    '\u202e',
    '\u0000',
    'NaN',
    '9'.repeat(400),
  ),
);
const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 3 }),
);

/** Bodies built on the route's keys (some missing, some extra), or any JSON, or broken text. */
const jsonBody = (keys: string[]) =>
  fc.oneof(
    fc
      .record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] })
      .chain((r) =>
        fc
          .record({ extra: fc.option(fc.constantFrom('__proto__', 'constructor', 'id', 'price', 'role')), v: value })
          .map((e) => (e.extra ? { ...r, [e.extra]: e.v } : r)),
      )
      .map((b) => JSON.stringify(b)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 60 }),
    fc.constantFrom('{', '{"a":', '[]', 'null', '{"__proto__":{"admin":true}}', `{"x":"${'y'.repeat(120_000)}"}`),
  );

const formBody = (keys: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...(keys.length ? keys : ['a'])), fc.string({ maxLength: 10 })), text), {
      maxLength: 8,
    })
    .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [k, v])).toString());

const header = fc.oneof(
  fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom('', 'a'.repeat(200)),
);

export const fuzzCase = (route: Route): fc.Arbitrary<FuzzCase> =>
  fc
    .record({
      id: fc.oneof(fc.nat().map(String), fc.string({ minLength: 1, maxLength: 20 })),
      body: route.form ? formBody(route.keys) : jsonBody(route.keys),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant(route.form ? 'application/x-www-form-urlencoded' : 'application/json') },
        {
          weight: 1,
          arbitrary: fc.constantFrom('text/plain', 'application/json; charset=latin1', 'multipart/form-data', ''),
        },
      ),
      lang: fc.constantFrom('zh-TW', 'en', 'fr', '*', '', 'en;q=x'),
      cartToken: fc.option(header),
      idempotencyKey: fc.option(header),
      phoneProof: fc.option(header),
      orderKey: fc.option(header),
      signedIn: fc.boolean(),
    })
    .map((g) => {
      const headers: Record<string, string> = { 'accept-language': g.lang };
      if (g.contentType) headers['content-type'] = g.contentType;
      if (g.cartToken !== null) headers['x-cart-token'] = g.cartToken;
      if (g.idempotencyKey !== null) headers['idempotency-key'] = g.idempotencyKey;
      if (g.phoneProof !== null) headers['x-phone-proof'] = g.phoneProof;
      if (g.orderKey !== null) headers['x-order-key'] = g.orderKey;
      return {
        method: route.method,
        path: route.path.replace(':id', encodeURIComponent(g.id)),
        headers,
        ...(route.method === 'DELETE' && route.keys.length === 0 ? {} : { body: g.body }),
        signedIn: g.signedIn,
      };
    });

/** `n` cases spread evenly over the write routes, the same ones for the same seed. */
export function sampleCases(n: number, seed: number): FuzzCase[] {
  const per = Math.ceil(n / WRITE_ROUTES.length);
  return WRITE_ROUTES.flatMap((r, i) => fc.sample(fuzzCase(r), { numRuns: per, seed: seed + i }));
}

// ─── Hostile catalog import files (issue 28) ─────────────────────────────────────────────────────
// Kept apart from the API's write routes above: files for `npm run catalog -- import`, run in
// process by scenarios/import-fuzz.ts.

/** One generated import file: its bytes, the flags it runs with, and whether it must be refused. */
export interface ImportFuzzCase {
  name: string;
  bytes: Buffer;
  withdrawMissing: boolean;
  /** A file every import must refuse (the hostile ones); generated files may pass by chance. */
  refuse: boolean;
}

const IMPORT_HEAD =
  'Handle,Title,Body (HTML),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src';
const csvCell = (s: string) => `"${s.replace(/"/g, '""')}"`;
const importRow = (cells: string[]) => cells.map(csvCell).join(',');

/** Files an import must refuse, one for each way issue 28 found in. */
export const HOSTILE_IMPORT_FILES: ImportFuzzCase[] = [
  { name: 'empty file, --withdraw-missing', bytes: Buffer.alloc(0), withdrawMissing: true, refuse: true },
  {
    name: 'header only, --withdraw-missing',
    bytes: Buffer.from(`${IMPORT_HEAD}\n`),
    withdrawMissing: true,
    refuse: true,
  },
  { name: 'no Handle or Title', bytes: Buffer.from('Vendor,Type\nSony,配件\n'), withdrawMissing: false, refuse: true },
  {
    name: 'UTF-16 with BOM',
    bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${IMPORT_HEAD}\n`, 'utf16le')]),
    withdrawMissing: false,
    refuse: true,
  },
  {
    name: 'Big5 line',
    bytes: Buffer.concat([
      Buffer.from(`${IMPORT_HEAD}\nfuzz-big5,`),
      Buffer.from([0xa4, 0xa4, 0xa4, 0xe5]),
      Buffer.from(',,Sony,Cables,,,FZ-B5,100,\n'),
    ]),
    withdrawMissing: false,
    refuse: true,
  },
  {
    name: 'bidi override in a title',
    bytes: Buffer.from(
      `${IMPORT_HEAD}\n${importRow(['fuzz-bidi', '\u202egnp.exe', '', 'Sony', '配件', '', '', 'FZ-BD', '100', ''])}\n`,
    ),
    withdrawMissing: false,
    refuse: true,
  },
  {
    name: 'NUL in a body',
    bytes: Buffer.from(
      `${IMPORT_HEAD}\n${importRow(['fuzz-nul', '零', '<p>a\u0000b</p>', 'Sony', '配件', '', '', 'FZ-NUL', '100', ''])}\n`,
    ),
    withdrawMissing: false,
    refuse: true,
  },
  ...['../secret.png', 'a/../../secret.png', '/etc/passwd', 'http://127.0.0.1:9/x.png'].map((src, i) => ({
    name: `photo ${src}`,
    bytes: Buffer.from(
      `${IMPORT_HEAD}\n${importRow([`fuzz-photo-${i}`, '照片', '', 'Sony', '配件', '', '', `FZ-PH-${i}`, '100', src])}\n`,
    ),
    withdrawMissing: false,
    refuse: true,
  })),
  {
    name: 'unclosed quote',
    bytes: Buffer.from(`${IMPORT_HEAD}\nfuzz-quote,"open,,Sony,配件,,,FZ-Q,100,\n`),
    withdrawMissing: false,
    refuse: true,
  },
];

const importText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '',
    '=HYPERLINK("https://evil.example","x")',
    '+SUM(1,2)',
    '@cmd',
    "-2+3+cmd|' /C calc'!A0",
    '\u202e',
    '\u0007',
    '<script>alert(1)</script>',
    '<p onclick="x()">a</p><img src="https://evil.example/x.png"><a href="javascript:alert(1)">j</a>',
    '../secret.png',
    'x'.repeat(5000),
  ),
);

/**
 * Generated files: a title, body and option in each row from hostile texts (formulas, markup,
 * controls among them) around a brand, category and price that pass, or random bytes.
 */
const importFile = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(importText, importText, importText, importText), { minLength: 1, maxLength: 5 })
      .map((rows) =>
        Buffer.from(
          [
            IMPORT_HEAD,
            ...rows.map(([title, body, name, value], i) =>
              importRow([`fuzz-gen-${i}`, title, body, 'Sony', '配件', name, value, `FZ-GEN-${i}`, '100', '']),
            ),
          ].join('\n'),
        ),
      ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 400 }).map((a) => Buffer.from(a)) },
);

/** The hostile files, then `n` generated ones (dry runs), the same ones for the same seed. */
export function importFuzzCases(n: number, seed: number): ImportFuzzCase[] {
  const generated = fc
    .sample(importFile, { numRuns: n, seed })
    .map((bytes, i) => ({ name: `generated ${i}`, bytes, withdrawMissing: false, refuse: false }));
  return [...HOSTILE_IMPORT_FILES, ...generated];
}

// ---------------------------------------------------------------------------------------------
// Forged store-map replies (issue 28). The map's reply to ServerReplyURL is not signed and passes
// through the browser: a forger holding a real ticket may send any store facts. These cases fill
// a real ticket, merchant and (mostly) a real store ID around hostile texts and island flags; the
// shop must answer 303 and keep only a store it can vouch for, with texts that obey the text rules.
// ---------------------------------------------------------------------------------------------

/** What a forged reply is built around: the scenario opens a map for each and fills these in. */
export interface StoreReplyAnchor {
  merchantId: string;
  /** The one-time ticket of a map opened for `brand`. */
  ticket: string;
  brand: string;
  /** A store ID the simulator lists for `brand`. */
  storeId: string;
}

/** One forged reply: the chain it opens the map of, and how to build its fields around the anchor. */
export interface StoreReplyCase {
  brand: 'UNIMART' | 'FAMI' | 'HILIFE' | 'OKMART';
  fields: (anchor: StoreReplyAnchor) => Record<string, string>;
}

const hostileText = fc.oneof(
  text,
  fc.constantFrom(
    '馬公\u001b[2J\u001b[H門市',
    '\u001b]0;owned\u0007門市',
    '\u001b]52;c;cm0gLXJmIH4=\u0007',
    '門市\u009b31m紅',
    '\u202Egnp.exe門市',
    '門市\u2066隔離\u2069',
    '\u200B\u200B\u200B',
    '門市\r\n偽造第二行',
    '\ud800門市',
    '門'.repeat(61),
    '澎湖縣馬公市中正路1號',
    '台北市大安區復興南路一段1號',
    '屏東縣琉球鄉中山路1號',
    '連江縣南竿鄉\u0000介壽村',
  ),
);

/** Forged replies around real tickets: hostile names, addresses and telephones, flipped CVSOutSide, foreign IDs. */
export const storeReplyCase: fc.Arbitrary<StoreReplyCase> = fc
  .record({
    brand: fc.constantFrom('UNIMART', 'FAMI', 'HILIFE', 'OKMART' as const),
    subType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom('UNIMARTC2C', 'FAMIC2C', 'TCAT', 'UNIMART', '', '\u0000') },
    ),
    realStore: fc.boolean(),
    storeId: fc.oneof(fc.constantFrom('999999', '0', '', 'A'.repeat(11)), fc.string({ maxLength: 10 })),
    name: hostileText,
    address: hostileText,
    telephone: fc.oneof(fc.constantFrom('', '02-27001234'), hostileText),
    outSide: fc.constantFrom('0', '1', '2', '', '01'),
    realTicket: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    extra: fc.option(fc.tuple(fc.constantFrom('CVSOutSide', 'outside', '__proto__', 'CVSStoreID'), text)),
  })
  .map((g) => ({
    brand: g.brand,
    fields: (a: StoreReplyAnchor) => {
      const f: Record<string, string> = {
        MerchantID: a.merchantId,
        MerchantTradeNo: 'SWMFUZZ0001',
        LogisticsSubType: g.subType || `${a.brand}C2C`,
        CVSStoreID: g.realStore ? a.storeId : g.storeId,
        CVSStoreName: g.name,
        CVSAddress: g.address,
        CVSTelephone: g.telephone,
        CVSOutSide: g.outSide,
        ExtraData: g.realTicket ? a.ticket : 'A'.repeat(20),
      };
      if (g.extra) f[g.extra[0]] = g.extra[1];
      return f;
    },
  }));

/** `n` forged replies, the same ones for the same seed. */
export const sampleStoreReplies = (n: number, seed: number): StoreReplyCase[] =>
  fc.sample(storeReplyCase, { numRuns: n, seed });
