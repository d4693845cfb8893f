import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { verifyCheckMac } from '../ecpay/check-mac.ts';
import { ecpayConfig } from '../ecpay/config.ts';
import { readForm } from '../simulator-kit.ts';
import { CVS_BRANDS } from './cvs.ts';

const TYPES: readonly string[] = ['All', ...CVS_BRANDS];

/**
 * POST /Helper/GetStoreList: ECPay's store list (signed MerchantID and CvsType), answered in JSON from
 * the simulator's stores: `{RtnCode: 1, RtnMsg, StoreList: [{CvsType, StoreInfo: [{StoreId, StoreName,
 * StoreAddr, StorePhone}]}]}`; a bad request is answered with another RtnCode and no list.
 */
export async function simStoreList(c: Context<AppEnv>) {
  const form = await readForm(c);
  const account = ecpayConfig(c.get('deps').env).logistics;
  if (!form || !verifyCheckMac(form, account, 'md5'))
    return c.json({ RtnCode: 10200073, RtnMsg: 'CheckMacValue Error' });
  if (form.MerchantID !== account.merchantId) return c.json({ RtnCode: 10200047, RtnMsg: 'MerchantID 錯誤' });
  const type = form.CvsType ?? '';
  if (!TYPES.includes(type)) return c.json({ RtnCode: 10200050, RtnMsg: 'CvsType 錯誤' });
  let query = c
    .get('deps')
    .db.kysely.selectFrom('sim_cvs_stores')
    .select(['brand', 'store_id', 'name', 'address', 'telephone']);
  if (type !== 'All') query = query.where('brand', '=', type);
  const rows = await query.orderBy('brand').orderBy('store_id').execute();
  const brands = type === 'All' ? CVS_BRANDS : [type];
  return c.json({
    RtnCode: 1,
    RtnMsg: '成功',
    StoreList: brands.map((b) => ({
      CvsType: b,
      StoreInfo: rows
        .filter((r) => r.brand === b)
        .map((r) => ({ StoreId: r.store_id, StoreName: r.name, StoreAddr: r.address, StorePhone: r.telephone })),
    })),
  });
}
