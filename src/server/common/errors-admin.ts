/**
 * The owner's console's part of the error catalogue (issue 31), spread into ERRORS (errors.ts).
 */
export const ADMIN_ERRORS = {
  STAFF_UNAUTHENTICATED: {
    status: 401,
    zh: '請先登入後台；登入逾時（12 小時，或 30 分鐘未操作）後需重新登入。',
    en: 'Sign in to the console first. A sign-in ends after 12 hours, or 30 minutes without activity.',
  },
  STAFF_ONLY: {
    status: 403,
    zh: '這是商店後台：會員登入無法使用，請以員工帳號登入。',
    en: "This is the shop's console: a member's sign-in does not open it. Sign in with a staff account.",
  },
  ROLE_FORBIDDEN: {
    status: 403,
    zh: '店員帳號不能{why}，請由店主處理。',
    en: "A staff account cannot {why}. Ask the shop's owner.",
  },
  STAFF_LOGIN_FAILED: {
    status: 401,
    zh: '電子郵件、密碼或驗證碼有誤，請再試一次。',
    en: 'The email, password or code is not right. Try again.',
  },
  TOTP_CODE_WRONG: {
    status: 422,
    zh: '驗證碼不正確，請確認手機時間正確，並輸入驗證器 App 目前顯示的 6 位數字。',
    en: 'The code is not right. Check the phone’s clock and enter the 6 digits the authenticator app shows now.',
  },
  SETUP_NOT_STARTED: {
    status: 409,
    zh: '請先設定密碼，再輸入驗證碼。',
    en: 'Set the password first, then enter the code.',
  },
  ORDER_ACTION_REFUSED: { status: 409, zh: '無法執行：{reason}', en: 'Not done: {reason}' },
  CATALOG_EDIT_REFUSED: { status: 422, zh: '無法變更商品：{reason}', en: 'The catalog was not changed: {reason}' },
  PROMOTION_REFUSED: { status: 422, zh: '無法儲存優惠：{reason}', en: 'The promotion was not saved: {reason}' },
  STAFF_EXISTS: {
    status: 409,
    zh: '已有使用這個電子郵件的員工帳號。',
    en: 'A staff account already has this email address.',
  },
  STAFF_SELF: {
    status: 409,
    zh: '不能停用自己的帳號。',
    en: 'You cannot disable your own account.',
  },
} as const;

/** Why a staff account is refused an owner's action, for ROLE_FORBIDDEN's `{why}`. */
export const OWNER_ONLY_REASONS = {
  prices: { zh: '修改價格', en: 'change prices' },
  catalog: { zh: '上架、下架、匯入或匯出商品', en: 'publish, withdraw, import or export products' },
  promotions: { zh: '管理優惠活動', en: 'manage promotions' },
  staff: { zh: '管理員工帳號', en: 'manage staff accounts' },
  audit: { zh: '查看操作紀錄', en: 'read the audit log' },
  refunds: { zh: '退款', en: 'send refunds' },
} as const;
export type OwnerOnlyReason = keyof typeof OWNER_ONLY_REASONS;
