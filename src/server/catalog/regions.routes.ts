import { Hono } from 'hono';
import { ok } from '../common/envelope.ts';
import { col } from '../common/i18n.ts';
import { noQuery } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';

/** One district on the wire; `code` is its 3-digit zip, which a few districts share (新竹市 300, 嘉義市 600). */
export interface DistrictOut {
  code: string;
  name: string;
  zip: string;
  city: string;
}

export interface CityOut {
  code: string;
  name: string;
  districts: DistrictOut[];
}

// The table changes only with a release; browsers and CDNs may keep it for a day.
const REGIONS_CACHE = 'public, max-age=86400';

export const regions = new Hono<AppEnv>();
regions.use('*', noQuery);

/** GET /api/regions → every city in customary order with its districts, named in the request's locale. */
regions.get('/', async (c) => {
  const { db } = c.get('deps');
  const lang = col(c.get('locale'));
  const [cities, districts] = await Promise.all([
    db.kysely.selectFrom('region_cities').selectAll().orderBy('sort').execute(),
    db.kysely.selectFrom('region_districts').selectAll().orderBy('city_code').orderBy('sort').execute(),
  ]);
  const byCity = new Map<string, CityOut>();
  const out = cities.map((city) => {
    const node: CityOut = { code: city.code, name: city[`name_${lang}`], districts: [] };
    byCity.set(city.code, node);
    return node;
  });
  for (const d of districts) {
    const city = byCity.get(d.city_code);
    city?.districts.push({ code: d.zip, name: d[`name_${lang}`], zip: d.zip, city: city.name });
  }
  c.header('Cache-Control', REGIONS_CACHE);
  return ok(c, out);
});
