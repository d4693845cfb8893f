import type { Locale } from '../../config.ts';
import { ADMIN_ERRORS } from './errors-admin.ts';
import { RETURN_ERRORS } from './errors-returns.ts';
import { REVIEW_ERRORS } from './errors-reviews.ts';
import { type Msg, pick } from './i18n.ts';

/**
 * The catalogue of API errors: a stable code, an HTTP status and a message in each locale that says
 * what happened and what to do. Routes throw `ApiError`; the one error handler turns it into the envelope.
 */
export const ERRORS = {
  BAD_REQUEST: {
    status: 400,
    zh: '請求內容有誤，請檢查後再試一次。',
    en: 'The request is not valid. Check it and try again.',
  },
  MALFORMED_PATH: {
    status: 400,
    zh: '網址中有無效的 % 編碼，請檢查網址後再試一次。',
    en: 'The address has a malformed % escape. Check the address and try again.',
  },
  VALIDATION_FAILED: {
    status: 400,
    zh: '有些欄位需要修正，請依提示修改。',
    en: 'Some fields need fixing. Correct them and try again.',
  },
  UNKNOWN_FIELD: { status: 400, zh: '請求含有不允許的欄位。', en: 'The request contains a field that is not allowed.' },
  INVALID_JSON: { status: 400, zh: '請求內容不是有效的 JSON。', en: 'The request body is not valid JSON.' },
  BODY_NOT_OBJECT: {
    status: 400,
    zh: '請求內容必須是 JSON 物件（{...}），不能是 null、陣列或單一數值。',
    en: 'The request body must be a JSON object ({...}), not null, an array or a single value.',
  },
  UNAUTHENTICATED: { status: 401, zh: '請先登入會員。', en: 'Please log in first.' },
  INVALID_CREDENTIALS: { status: 401, zh: '帳號或密碼錯誤。', en: 'The account or password is incorrect.' },
  ACCOUNT_DISABLED: {
    status: 403,
    zh: '此帳號已停用，如有疑問請聯絡客服。',
    en: 'This account is disabled. Please contact us if you have questions.',
  },
  FORBIDDEN: { status: 403, zh: '您沒有權限執行此操作。', en: 'You are not allowed to do this.' },
  NOT_FOUND: { status: 404, zh: '找不到您要的資料。', en: 'What you asked for was not found.' },
  ROUTE_NOT_FOUND: { status: 404, zh: '沒有這個 API 路徑。', en: 'There is no such API route.' },
  CONFLICT: {
    status: 409,
    zh: '資料已被變更，請重新整理後再試。',
    en: 'The data changed meanwhile. Reload and try again.',
  },
  PHONE_TAKEN: {
    status: 409,
    zh: '此手機號碼已註冊，請直接登入或使用忘記密碼。',
    en: 'This phone number is already registered. Log in or reset your password.',
  },
  PASSWORD_CHANGED: {
    status: 409,
    zh: '密碼剛剛已被變更，這次變更未套用。請以目前的密碼再試一次。',
    en: 'The password was changed meanwhile, so this change was not applied. Try again with the current password.',
  },
  EMAIL_TAKEN: { status: 409, zh: '此電子郵件已被使用。', en: 'This email address is already in use.' },
  OTP_INVALID: {
    status: 422,
    zh: '驗證碼錯誤或已過期，請重新取得驗證碼。',
    en: 'The code is wrong or has expired. Request a new code.',
  },
  TICKET_INVALID: {
    status: 422,
    zh: '重設密碼的連結已失效，請重新進行忘記密碼流程。',
    en: 'The reset ticket has expired. Start the forgot-password steps again.',
  },
  LINK_INVALID: {
    status: 422,
    zh: '這個連結已失效或已使用過，請重新申請。',
    en: 'This link has expired or was already used. Ask for a new one.',
  },
  WRONG_PASSWORD: { status: 422, zh: '目前的密碼不正確。', en: 'The current password is incorrect.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    zh: '請求內容必須是 JSON（Content-Type: application/json）。',
    en: 'The request body must be JSON (Content-Type: application/json).',
  },
  PAYLOAD_TOO_LARGE: { status: 413, zh: '請求內容太大。', en: 'The request body is too large.' },
  RATE_LIMITED: { status: 429, zh: '嘗試次數過多，請稍後再試。', en: 'Too many attempts. Please wait and try again.' },
  SMS_FAILED: {
    status: 503,
    zh: '簡訊暫時無法發送，請稍後再試。',
    en: 'The text message could not be sent. Please try again later.',
  },
  EMAIL_FAILED: {
    status: 503,
    zh: '郵件暫時無法寄出，請稍後再試。',
    en: 'The email could not be sent. Please try again later.',
  },
  UNAVAILABLE: {
    status: 503,
    zh: '服務暫時無法使用，請稍後再試。',
    en: 'The service is unavailable. Please try again later.',
  },
  CART_NOT_FOUND: {
    status: 404,
    zh: '找不到這個購物車，它可能已過期或已併入會員購物車。',
    en: 'This cart was not found. It may have expired or been merged into a member cart.',
  },
  CART_LINE_NOT_FOUND: {
    status: 404,
    zh: '購物車裡沒有這個品項，請重新整理購物車。',
    en: 'This item is not in your cart. Reload the cart.',
  },
  PRODUCT_UNAVAILABLE: {
    status: 404,
    zh: '這個商品已下架或不存在，請選擇其他商品。',
    en: 'This product is no longer sold or does not exist. Choose another one.',
  },
  OUT_OF_STOCK: {
    status: 409,
    zh: '庫存不足：這個規格目前只剩 {available} 件，請減少數量。',
    en: 'Not enough stock: only {available} of this option are left. Choose a smaller quantity.',
  },
  SOLD_OUT: {
    status: 409,
    zh: '這個規格已售完，請選擇其他規格。',
    en: 'This option is sold out. Choose another one.',
  },
  CART_LINE_LIMIT: {
    status: 409,
    zh: '每個品項最多購買 {max} 件，購物車裡已有 {in_cart} 件。',
    en: 'Each item is limited to {max}; your cart already has {in_cart}.',
  },
  CART_FULL: {
    status: 409,
    zh: '購物車最多放 {max} 個品項，請先結帳或移除部分品項。',
    en: 'A cart holds at most {max} different items. Check out or remove some first.',
  },
  CART_EMPTY: {
    status: 409,
    zh: '購物車是空的，請先加入商品再結帳。',
    en: 'Your cart is empty. Add something before checking out.',
  },
  CART_CHANGED: {
    status: 409,
    zh: '購物車裡有商品已售完、庫存不足或已下架，請回到購物車調整後再結帳。',
    en: 'Something in your cart is sold out, short or no longer sold. Adjust the cart, then check out.',
  },
  PRICE_CHANGED: {
    status: 409,
    zh: '有商品的價格剛剛變動了，請確認新的金額後再下單。',
    en: 'A price changed just now. Check the new total, then place the order.',
  },
  SHIPPING_UNAVAILABLE: {
    status: 409,
    zh: '無法使用這個配送方式：{reason}',
    en: 'This shipping method cannot be used: {reason}',
  },
  COUPON_REFUSED: {
    status: 422,
    zh: '無法使用這個優惠碼，請看欄位旁的說明。',
    en: 'This code cannot be used. See the reason beside the field.',
  },
  PAYMENT_UNAVAILABLE: {
    status: 409,
    zh: '無法使用這個付款方式：{reason}',
    en: 'This payment method cannot be used: {reason}',
  },
  PAYMENT_NOT_OFFERED: {
    status: 422,
    zh: '本店目前不提供這個付款方式，請改用其他方式。',
    en: 'The shop does not offer this payment method at the moment. Choose another one.',
  },
  INSTALLMENTS_UNAVAILABLE: {
    status: 422,
    zh: '無法以這個期數分期付款：{reason}',
    en: 'These installments cannot be used: {reason}',
  },
  IDEMPOTENCY_KEY_MISSING: {
    status: 400,
    zh: '下單請求需要 8 到 100 字元的 Idempotency-Key 標頭。',
    en: 'Placing an order needs an Idempotency-Key header of 8 to 100 characters.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    zh: '這個 Idempotency-Key 已用於內容不同的另一筆訂單，請為新訂單使用新的金鑰。',
    en: 'This Idempotency-Key was used for a different order. Use a new key for a new order.',
  },
  ORDER_IN_PROGRESS: {
    status: 409,
    zh: '同一筆訂單正在處理中，請稍候幾秒再查看結果。',
    en: 'This order is still being placed. Wait a few seconds and check again.',
  },
  PHONE_PROOF_REQUIRED: {
    status: 401,
    zh: '訪客結帳請先以簡訊驗證碼確認收件人手機。',
    en: 'To check out as a guest, confirm the receiver’s mobile number with a text-message code first.',
  },
  PHONE_PROOF_MISMATCH: {
    status: 403,
    zh: '已驗證的手機號碼與收件人手機不同，請驗證收件人手機。',
    en: 'The confirmed mobile number is not the receiver’s. Confirm the receiver’s number.',
  },
  MEMBER_PHONE_UNVERIFIED: {
    status: 403,
    zh: '您的手機號碼尚未驗證，請先完成手機驗證再下單。',
    en: 'Your mobile number is not verified yet. Verify it, then place the order.',
  },
  ORDER_NOT_FOUND: {
    status: 404,
    zh: '找不到這筆訂單，請確認訂單編號或連結。',
    en: 'This order was not found. Check the order number or link.',
  },
  ORDER_NOT_CANCELLABLE: {
    status: 409,
    zh: '這筆訂單已出貨或已結束，無法取消；如需退貨請聯絡客服。',
    en: 'This order has shipped or is closed, so it cannot be cancelled. Contact us to return it.',
  },
  ORDER_CANCEL_ASK_SHOP: {
    status: 409,
    zh: '這筆訂單已交寄物流（已產生寄件編號），無法在線上取消。如需取消，請聯絡商店。',
    en: 'This order has been booked with the carrier (it has a shipping code), so it cannot be cancelled online. Contact the shop to cancel it.',
  },
  ORDER_NOT_PAYABLE: {
    status: 409,
    zh: '這筆訂單目前不需要付款（已付款、已取消，或採貨到付款／取貨付款）。',
    en: 'This order cannot be paid now: it is paid, cancelled, or paid on delivery or at pickup.',
  },
  DEV_ONLY: { status: 403, zh: '此功能只在開發環境提供。', en: 'This is available in development only.' },
  SIMULATOR_OFF: {
    status: 403,
    zh: '正式環境已停用本機金流與物流模擬器。',
    en: 'The local payment and logistics simulators are turned off in production.',
  },
  METRICS_REFUSED: {
    status: 403,
    zh: '監控指標只提供給本機，或附上 METRICS_TOKEN 的請求。',
    en: 'Metrics are served to this machine, or to a request with the METRICS_TOKEN.',
  },
  NOT_READY: {
    status: 503,
    zh: '服務尚未就緒，請稍後再試。',
    en: 'The service is not ready yet. Please try again later.',
  },
  ...ADMIN_ERRORS,
  ...RETURN_ERRORS,
  ...REVIEW_ERRORS,
  INTERNAL: {
    status: 500,
    zh: '系統發生錯誤，請稍後再試。',
    en: 'Something went wrong on our side. Please try again later.',
  },
  // Restock alerts and the wishlist (issue 32).
  RESTOCK_IN_STOCK: {
    status: 409,
    zh: '這個規格目前有貨，可直接加入購物車。',
    en: 'This option is in stock now: add it to your cart.',
  },
  RESTOCK_ALERT_NOT_FOUND: {
    status: 404,
    zh: '找不到這個到貨通知，它可能已取消或已寄出。',
    en: 'This restock alert was not found. It may have been cancelled or sent already.',
  },
  RESTOCK_TOO_MANY: {
    status: 409,
    zh: '到貨通知最多 {max} 個，請先取消部分通知。',
    en: 'You can wait for at most {max} items. Cancel some alerts first.',
  },
  WISHLIST_FULL: {
    status: 409,
    zh: '收藏清單最多 {max} 件商品，請先移除部分商品。',
    en: 'A wishlist holds at most {max} items. Remove some first.',
  },
  // LINE Login (issue 32).
  LINE_UNAVAILABLE: {
    status: 503,
    zh: 'LINE 登入目前無法使用，請改用手機號碼或 Email 登入。',
    en: 'LINE Login is not available right now. Please log in with your phone number or email.',
  },
  LINE_NOT_LINKED: { status: 404, zh: '您的帳號尚未連結 LINE。', en: 'Your account is not linked with LINE.' },
  LINE_UNLINK_NEEDS_PASSWORD: {
    status: 409,
    zh: '您的帳號只能用 LINE 登入，請先以「忘記密碼」設定密碼後再解除連結。',
    en: 'You can only log in with LINE. Set a password first (Forgot password), then unlink LINE.',
  },
  PHONE_ALREADY_VERIFIED: {
    status: 409,
    zh: '您的手機號碼已完成驗證。',
    en: 'Your phone number is already verified.',
  },
} as const satisfies Record<string, { status: number; zh: string; en: string }>;

export type ErrorCode = keyof typeof ERRORS;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterS: number | undefined;
  /** Values for the `{name}` placeholders of the catalogue message (a Msg: in the caller's language). */
  readonly params: MessageParams | undefined;

  constructor(
    code: ErrorCode,
    opts: {
      fields?: Record<string, string>;
      retryAfterS?: number;
      params?: MessageParams;
      cause?: unknown;
    } = {},
  ) {
    super(fillMessage(ERRORS[code].en, opts.params), { cause: opts.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = opts.fields;
    this.retryAfterS = opts.retryAfterS;
    this.params = opts.params;
  }
}

/** Values of a message's `{name}` placeholders: as they are, or a text in both languages. */
export type MessageParams = Record<string, string | number | Msg>;

/** Puts `params` into the `{name}` placeholders of a catalogue message; a Msg value in `locale`. */
export function fillMessage(message: string, params?: MessageParams, locale: Locale = 'en'): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === 'object' ? pick(value, locale) : String(value);
  });
}
