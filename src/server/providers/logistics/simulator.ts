import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { canonicalPlaceName } from '../../../lib/taiwan/names.ts';
import { findCity, findDistrict } from '../../../lib/taiwan/regions.ts';
import type { AppEnv } from '../../context.ts';
import { ecpayConfig } from '../ecpay/config.ts';
import { autoPostForm, esc, page, problemPage, readForm, sayer, simulatorsOnly } from '../simulator-kit.ts';
import { BRAND_NAMES, brandOf, CVS_SUB_TYPES } from './cvs.ts';
import { PRINT_PATHS } from './express.ts';
import { CANCEL_C2C_PATH } from './express-cancel.ts';
import { RETURN_PATHS } from './express-return.ts';
import { EXTRA_DATA_MAX } from './map.ts';
import { simCancelC2c, simCreate, simPrint, simQuery } from './simulator-express.ts';
import { simHomeReturn, simStoreReturn } from './simulator-return.ts';
import { simStoreList } from './simulator-store-list.ts';
import { MAP_TEXT, searchForm, storeList } from './simulator-view.ts';

/** Most stores one result page lists. */
const MAX_RESULTS = 30;

/** The map request as ECPay's `/Express/map` takes it, plus the simulator's own search fields. */
const mapForm = z.strictObject({
  MerchantID: z.string().min(1),
  MerchantTradeNo: z.string().regex(/^[0-9A-Za-z]{1,20}$/),
  LogisticsType: z.literal('CVS'),
  LogisticsSubType: z.enum(CVS_SUB_TYPES),
  IsCollection: z.enum(['Y', 'N']),
  ServerReplyURL: z.url({ protocol: /^https?$/ }),
  ExtraData: z
    .string()
    .refine((s) => [...s].length <= EXTRA_DATA_MAX)
    .default(''),
  Device: z.enum(['0', '1']).default('0'),
  city: z.string().max(20).default(''),
  district: z.string().max(20).default(''),
  q: z.string().max(30).default(''),
  store: z.string().max(10).optional(),
});
type MapForm = z.output<typeof mapForm>;
const REQUEST_KEYS = [
  'MerchantID',
  'MerchantTradeNo',
  'LogisticsType',
  'LogisticsSubType',
  'IsCollection',
  'ServerReplyURL',
  'ExtraData',
  'Device',
] as const;

const sayerOf = (c: Context<AppEnv>) => sayer(MAP_TEXT, c.get('locale'));

/** Reads and checks the posted map request; on failure answers the 400 page naming each field. */
async function readMapForm(c: Context<AppEnv>): Promise<MapForm | Response> {
  const say = sayerOf(c);
  const bad = (lines: string[]) => problemPage(c, say('badRequest'), lines);
  const raw = await readForm(c);
  if (!raw) return bad([say('notForm')]);
  const parsed = mapForm.safeParse(raw);
  if (!parsed.success)
    return bad(
      parsed.error.issues.map((i) =>
        say('badField', {
          field: (i.code === 'unrecognized_keys' ? i.keys : i.path).join(', ') || '-',
          reason: i.message,
        }),
      ),
    );
  if (parsed.data.MerchantID !== ecpayConfig(c.get('deps').env).logistics.merchantId) return bad([say('merchant')]);
  return parsed.data;
}

const requestOf = (f: MapForm): Record<string, string> => Object.fromEntries(REQUEST_KEYS.map((k) => [k, f[k]]));

/** The convenience-store map simulator: ECPay's `/Express/map` protocol on local, generated stores. */
export const logisticsSimulator = new Hono<AppEnv>();
logisticsSimulator.use('*', simulatorsOnly);

/**
 * ECPay's logistics orders: Create, the query by trade number, the 7-ELEVEN C2C cancel and the print
 * pages (simulator-express.ts), and the store list (simulator-store-list.ts).
 */
logisticsSimulator.post('/Express/Create', simCreate);
logisticsSimulator.post('/Helper/QueryLogisticsTradeInfo/V2', simQuery);
logisticsSimulator.post(CANCEL_C2C_PATH, simCancelC2c);
logisticsSimulator.post('/Helper/GetStoreList', simStoreList);
logisticsSimulator.on('POST', [...new Set(Object.values(PRINT_PATHS))], simPrint);

/** The return orders (simulator-return.ts), under ECPay's paths as its documents spell them and capitalised. */
const bothCases = (path: string) => [path, path.replace('/express/', '/Express/')];
for (const chain of ['UNIMART', 'FAMI', 'HILIFE'] as const)
  logisticsSimulator.on('POST', bothCases(RETURN_PATHS[chain]), simStoreReturn(chain));
logisticsSimulator.on('POST', [RETURN_PATHS.TCAT, '/express/ReturnHome'], simHomeReturn);

/** POST /api/sim/logistics/map: the map opened by the shop's form, and each search on it. */
logisticsSimulator.on('POST', ['/map', '/Express/map'], async (c) => {
  const form = await readMapForm(c);
  if (form instanceof Response) return form;
  const say = sayerOf(c);
  const en = c.get('locale') === 'en';
  const city = findCity(form.city);
  const district = city ? findDistrict(city.zh, form.district) : undefined;
  let query = c
    .get('deps')
    .db.kysely.selectFrom('sim_cvs_stores')
    .selectAll()
    .where('brand', '=', brandOf(form.LogisticsSubType));
  if (city) query = query.where('city', '=', city.zh);
  if (district) query = query.where('district', '=', district.zh);
  const words = canonicalPlaceName(form.q).toLowerCase();
  const rows = (await query.orderBy('city').orderBy('district').orderBy('store_id').execute()).filter(
    (s) => !words || `${s.name} ${canonicalPlaceName(s.address)}`.toLowerCase().includes(words),
  );
  const brand = BRAND_NAMES[brandOf(form.LogisticsSubType)];
  const request = requestOf(form);
  const main = `<p>${esc(say('chain', { name: en ? brand.en : brand.zh }))}</p>
${searchForm(say, request, { city: city?.zh ?? '', district: district?.zh ?? '', q: form.q }, en)}
${storeList(say, request, rows.slice(0, MAX_RESULTS), rows.length, MAX_RESULTS)}`;
  return page(c, say('title'), main);
});

/** POST /api/sim/logistics/map/choose: posts the chosen store to ServerReplyURL as ECPay does. */
logisticsSimulator.post('/map/choose', async (c) => {
  const form = await readMapForm(c);
  if (form instanceof Response) return form;
  const say = sayerOf(c);
  const store = form.store
    ? await c
        .get('deps')
        .db.kysely.selectFrom('sim_cvs_stores')
        .selectAll()
        .where('brand', '=', brandOf(form.LogisticsSubType))
        .where('store_id', '=', form.store)
        .executeTakeFirst()
    : undefined;
  if (!store)
    return page(c, say('badRequest'), `<p class="error" role="alert">${esc(say('noStore'))}</p>`, { status: 400 });
  const reply = {
    MerchantID: form.MerchantID,
    MerchantTradeNo: form.MerchantTradeNo,
    LogisticsSubType: form.LogisticsSubType,
    CVSStoreID: store.store_id,
    CVSStoreName: store.name,
    CVSAddress: store.address,
    CVSTelephone: store.telephone,
    CVSOutSide: String(store.outside),
    ExtraData: form.ExtraData,
  };
  const main = `<p role="status">${esc(say('sending'))}</p>${autoPostForm(form.ServerReplyURL, reply, say('continue'))}`;
  return page(c, say('title'), main, { autoSubmit: true });
});
