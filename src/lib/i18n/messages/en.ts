import { authEn } from './en/auth.ts';
import { cartEn } from './en/cart.ts';
import { catalogEn } from './en/catalog.ts';
import { checkoutEn } from './en/checkout.ts';
import { commonEn } from './en/common.ts';
import { invoiceEn } from './en/invoice.ts';
import { lineEn } from './en/line.ts';
import { memberEn } from './en/member.ts';
import { ordersEn } from './en/orders.ts';
import { pagesEn } from './en/pages.ts';
import { paymentEn } from './en/payment.ts';
import { returnsEn } from './en/returns.ts';
import { reviewFormEn } from './en/review-form.ts';
import { runtimeEn } from './en/runtime.ts';
import { wishlistEn } from './en/wishlist.ts';

/** Every English string (the browser loads this file only on English pages). */
export default {
  ...commonEn,
  ...catalogEn,
  ...pagesEn,
  ...authEn,
  ...memberEn,
  ...runtimeEn,
  ...invoiceEn,
  ...cartEn,
  ...paymentEn,
  ...checkoutEn,
  ...ordersEn,
  ...wishlistEn,
  ...lineEn,
  ...returnsEn,
  ...reviewFormEn,
} as const;
