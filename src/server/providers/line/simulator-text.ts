import type { Msg } from '../../common/i18n.ts';

/** The LINE simulator's own texts (a development tool's pages, in the request's language). */
export const SIM_LINE_TEXT = {
  title: { zh: 'LINE 登入（模擬器）', en: 'LINE Login (simulator)' },
  intro: {
    zh: '商店要求使用您的 LINE 帳號登入（權限：{scope}）。請選擇一位 LINE 使用者，或輸入顯示名稱。',
    en: 'The shop asks to sign you in with LINE (scope: {scope}). Pick a LINE user or enter a display name.',
  },
  as: { zh: '以「{name}」登入', en: 'Sign in as {name}' },
  nameLabel: { zh: '其他 LINE 使用者的顯示名稱', en: 'Display name of another LINE user' },
  allow: { zh: '允許並登入', en: 'Allow and sign in' },
  cancel: { zh: '取消', en: 'Cancel' },
  badRequest: { zh: '授權要求有誤', en: 'The authorization request is not valid' },
  notForm: { zh: '請求不是表單。', en: 'The request is not a form.' },
  noName: { zh: '請輸入顯示名稱。', en: 'Enter a display name.' },
  badClient: { zh: 'client_id {id} 不是這個頻道。', en: 'client_id {id} is not this channel.' },
  badRedirect: {
    zh: 'redirect_uri {uri} 不是頻道登記的 Callback URL。',
    en: 'redirect_uri {uri} is not the channel’s registered callback URL.',
  },
  noOpenid: { zh: 'scope 必須包含 openid。', en: 'scope must include openid.' },
  noMethod: {
    zh: '有 code_challenge 時必須附上 code_challenge_method=S256。',
    en: 'code_challenge needs code_challenge_method=S256.',
  },
} satisfies Record<string, Msg>;
