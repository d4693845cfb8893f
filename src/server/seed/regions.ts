import { CITIES } from '../../lib/taiwan/regions.ts';
import type { Db } from '../db/index.ts';

/** Loads the 22 cities and every district with its 3-digit zip (zh-TW and en). Idempotent: rows are upserted. */
export async function seedRegions(db: Db): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('region_cities')
      .values(CITIES.map((c, i) => ({ code: c.code, name_zh: c.zh, name_en: c.en, sort: i + 1 })))
      .onConflict((oc) =>
        oc.column('code').doUpdateSet((eb) => ({
          name_zh: eb.ref('excluded.name_zh'),
          name_en: eb.ref('excluded.name_en'),
          sort: eb.ref('excluded.sort'),
        })),
      )
      .execute();
    await trx
      .insertInto('region_districts')
      .values(
        CITIES.flatMap((c) =>
          c.districts.map((d, i) => ({ city_code: c.code, name_zh: d.zh, name_en: d.en, zip: d.zip, sort: i + 1 })),
        ),
      )
      .onConflict((oc) =>
        oc.columns(['city_code', 'name_zh']).doUpdateSet((eb) => ({
          name_en: eb.ref('excluded.name_en'),
          zip: eb.ref('excluded.zip'),
          sort: eb.ref('excluded.sort'),
        })),
      )
      .execute();
  });
}
