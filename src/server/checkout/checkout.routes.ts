import { Hono } from 'hono';
import { CART_TOKEN_HEADER, OTP_RESEND_SECONDS } from '../../config.ts';
import { guardOtpCheck } from '../accounts/login-guard.ts';
import { clearStore } from '../cart/cart-store.ts';
import { shopperOf } from '../cart/shopper.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { readFormBody } from '../common/form-body.ts';
import { jsonBody, noQuery } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { cvsMapBody, phoneSendBody, phoneVerifyBody, quoteBody } from './checkout.schemas.ts';
import { PHONE_PROOF_HEADER, phoneOfProof, sendCheckoutCode, verifyCheckoutCode } from './checkout-phone.ts';
import { checkQuoteReceiver } from './checkout-rules.ts';
import { keepStore, openMap, shopOrigin } from './cvs-store.ts';
import { quoteCart } from './quote.ts';

/**
 * Checkout (issue 8): POST /quote, POST /phone/send and /phone/verify (a guest confirms the
 * receiver's mobile), POST /cvs-map (the store map form), POST and DELETE /cvs-store.
 */
export const checkout = new Hono<AppEnv>();

checkout.use('*', async (c, next) => {
  c.header('Cache-Control', 'no-store');
  c.header('Vary', `Accept-Language, Authorization, ${CART_TOKEN_HEADER}`);
  await next();
});

/** POST /quote QuoteBody → Quote: totals and the methods that apply to the caller's cart. */
checkout.post('/quote', noQuery, async (c) => {
  const shopper = await shopperOf(c);
  const body = await jsonBody(c, quoteBody);
  checkQuoteReceiver(body.shipping?.method, body.receiver?.name, c.get('locale'));
  const guestPhone =
    shopper.memberId === null ? await phoneOfProof(c.get('deps'), c.req.header(PHONE_PROOF_HEADER)) : undefined;
  return ok(c, await quoteCart(c.get('deps'), { ...shopper, guestPhone }, body, c.get('locale')));
});

/** POST /phone/send {phone} → {sent: true, resend_after}: a checkout code by text message. */
checkout.post('/phone/send', noQuery, async (c) => {
  const { phone } = await jsonBody(c, phoneSendBody);
  const deps = c.get('deps');
  await sendCheckoutCode(deps, phone, c.get('ip'));
  return ok(c, { sent: true, resend_after: OTP_RESEND_SECONDS });
});

/** POST /phone/verify {phone, code} → {phone_proof, expires_at}: send the proof as X-Phone-Proof. */
checkout.post('/phone/verify', noQuery, async (c) => {
  const deps = c.get('deps');
  await guardOtpCheck(deps, c.get('ip'));
  const { phone, code } = await jsonBody(c, phoneVerifyBody);
  return ok(c, await verifyCheckoutCode(deps, phone, code));
});

/** POST /cvs-map {brand} → AutoPostForm: the page posts it at once to open the store map. */
checkout.post('/cvs-map', noQuery, async (c) => {
  const shopper = await shopperOf(c);
  const { brand } = await jsonBody(c, cvsMapBody);
  if (shopper.cartId === undefined) throw new ApiError('CART_EMPTY');
  const deps = c.get('deps');
  return ok(c, await openMap(deps, shopper.cartId, brand, c.get('locale'), shopOrigin(deps, c.req.url)));
});

/**
 * POST /cvs-store: the map's form POST of the chosen store (urlencoded, as ECPay sends it; the
 * one-time ticket in ExtraData is its only credential). Keeps the store for the ticket's cart and
 * sends the browser back to checkout in the ticket's language (303); a reply that cannot be used
 * comes back with `?store_error=<problem>` (StoreProblem: ticket, reply, text, store, lookup), which the
 * page shows beside the store choice in the shopper's language.
 */
checkout.post('/cvs-store', async (c) => {
  const form = await readFormBody(c);
  const { locale, problem } = form
    ? await keepStore(c.get('deps'), form)
    : { locale: c.get('locale'), problem: 'reply' as const };
  const site = shopOrigin(c.get('deps'), c.req.url);
  const page = `${site}${locale === 'en' ? '/en' : ''}/cart/checkout${problem ? `?store_error=${problem}` : ''}`;
  return c.redirect(page, 303);
});

/** DELETE /cvs-store: forgets the chosen store (the shopper left store pickup). */
checkout.delete('/cvs-store', noQuery, async (c) => {
  const shopper = await shopperOf(c);
  if (shopper.cartId !== undefined) await clearStore(c.get('deps').db.kysely, shopper.cartId);
  return ok(c, { store: null });
});
