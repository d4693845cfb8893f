import type { ExpressSubType } from './express.ts';

/**
 * Where a parcel is, as the shop tells it: the logistics order exists (`created`), the parcel left
 * with the chain or carrier (`shipped`), waits at the pickup store (`arrived`), was picked up or
 * delivered, or was left unclaimed at the store and goes back.
 */
export const PARCEL_STATUSES = ['created', 'shipped', 'arrived', 'picked_up', 'delivered', 'unclaimed'] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

/** Later statuses rank higher; a notice never moves a parcel back. The last three end it. */
export const RANK: Record<ParcelStatus, number> = {
  created: 0,
  shipped: 1,
  arrived: 2,
  picked_up: 3,
  delivered: 3,
  unclaimed: 3,
};

/**
 * The RtnCode of ECPay's status notices that move a parcel, per sub-type. ECPay's own table is its
 * spreadsheet (ECPay/SDK_PHP example/Logistics/logistics_status.xlsx); ECPay's guides name some of
 * the codes (ECPay/ECPay-API-Skill guides/06-logistics-domestic.md: 300 order received;
 * guides/21-error-codes-reference.md: 2030, 2063, 2067 for 7-ELEVEN, 3022 and 3024 for FamilyMart,
 * 5005 home delivered). The meaning of each step follows the spreadsheet as integrations quote it:
 * 7-ELEVEN 2030 at the logistics centre, 2063 (2073 for C2C) at the store, 2067 picked up, 2074 not
 * picked up in seven days; FamilyMart, Hi-Life and OK mart 3024, 3018, 3022, 3020; home 3001/3006
 * on the way. Check them against the spreadsheet of the merchant's contract before going live.
 * A code not listed is kept on the shipment's record and moves nothing. The simulator sends the
 * first code of each list.
 */
const FAMI_LIKE = { created: ['300'], shipped: ['3024'], arrived: ['3018'], picked_up: ['3022'], unclaimed: ['3020'] };
export const STATUS_CODES: Record<ExpressSubType, Partial<Record<ParcelStatus, readonly string[]>>> = {
  UNIMARTC2C: {
    created: ['300'],
    shipped: ['2030'],
    arrived: ['2063', '2073'],
    picked_up: ['2067'],
    unclaimed: ['2074'],
  },
  FAMIC2C: FAMI_LIKE,
  HILIFEC2C: {
    created: ['300'],
    shipped: ['3024', '2030'],
    arrived: ['3018', '2063'],
    picked_up: ['3022', '2067'],
    unclaimed: ['3020', '2074'],
  },
  OKMARTC2C: FAMI_LIKE,
  TCAT: { created: ['300'], shipped: ['3006', '3001'], delivered: ['5005'] },
  POST: { created: ['300'], shipped: ['3006', '3001'], delivered: ['5005'] },
};

/** The parcel status an RtnCode of `subType` means, or null when it moves nothing. */
export function statusOfCode(subType: ExpressSubType, code: string): ParcelStatus | null {
  const table = STATUS_CODES[subType];
  for (const s of PARCEL_STATUSES) if (table[s]?.includes(code)) return s;
  return null;
}

/** The steps a parcel of `subType` takes from the sender to `to`, each with the code ECPay sends for it. */
export function pathTo(subType: ExpressSubType, to: ParcelStatus): { status: ParcelStatus; code: string }[] {
  const table = STATUS_CODES[subType];
  const home = table.delivered !== undefined;
  const steps: ParcelStatus[] =
    to === 'shipped'
      ? ['shipped']
      : to === 'arrived'
        ? home
          ? ['shipped']
          : ['shipped', 'arrived']
        : to === 'picked_up' || to === 'delivered'
          ? home
            ? ['shipped', 'delivered']
            : ['shipped', 'arrived', 'picked_up']
          : to === 'unclaimed'
            ? home
              ? []
              : ['shipped', 'arrived', 'unclaimed']
            : [];
  return steps.map((status) => ({ status, code: table[status]![0]! }));
}

/** Days a parcel waits at the store (ECPay's status 2074/3020: not picked up in seven days). */
export const PICKUP_DAYS = 7;
