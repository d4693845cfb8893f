import { authZhTW } from './zh-TW/auth.ts';
import { cartZhTW } from './zh-TW/cart.ts';
import { catalogZhTW } from './zh-TW/catalog.ts';
import { checkoutZhTW } from './zh-TW/checkout.ts';
import { commonZhTW } from './zh-TW/common.ts';
import { invoiceZhTW } from './zh-TW/invoice.ts';
import { lineZhTW } from './zh-TW/line.ts';
import { memberZhTW } from './zh-TW/member.ts';
import { ordersZhTW } from './zh-TW/orders.ts';
import { pagesZhTW } from './zh-TW/pages.ts';
import { paymentZhTW } from './zh-TW/payment.ts';
import { returnsZhTW } from './zh-TW/returns.ts';
import { reviewFormZhTW } from './zh-TW/review-form.ts';
import { runtimeZhTW } from './zh-TW/runtime.ts';
import { wishlistZhTW } from './zh-TW/wishlist.ts';

/** Every zh-TW string (the browser loads this file only on zh-TW pages). */
export default {
  ...commonZhTW,
  ...catalogZhTW,
  ...pagesZhTW,
  ...authZhTW,
  ...memberZhTW,
  ...runtimeZhTW,
  ...invoiceZhTW,
  ...cartZhTW,
  ...paymentZhTW,
  ...checkoutZhTW,
  ...ordersZhTW,
  ...wishlistZhTW,
  ...lineZhTW,
  ...returnsZhTW,
  ...reviewFormZhTW,
} as const;
