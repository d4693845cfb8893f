import { terminalSafe } from '../../common/terminal-text.ts';

/** The catalog tool's texts in both locales: problems found in a file, and what was done. */
export type ToolLocale = 'zh-TW' | 'en';

/** The locale of the owner's terminal: LC_ALL, then LC_MESSAGES, then LANG (zh… → zh-TW, else en). */
export function toolLocale(env: NodeJS.ProcessEnv = process.env): ToolLocale {
  const tag = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^zh/i.test(tag) ? 'zh-TW' : 'en';
}

type Args = Record<string, string | number>;
type Text = (a: Args) => string;

const T = <K extends string>(m: Record<K, { 'zh-TW': Text; en: Text }>) => m;

/** Why a row is refused. */
export const PROBLEMS = T({
  handle_missing: { 'zh-TW': () => '缺少 Handle', en: () => 'the Handle is missing' },
  handle_invalid: {
    'zh-TW': (a) => `「${a.value}」不是有效的網址代稱（小寫英數字與連字號）`,
    en: (a) => `"${a.value}" is not a valid handle (lower-case letters, digits and hyphens)`,
  },
  title_missing: {
    'zh-TW': () => '商品的第一列須有 Title',
    en: () => "a product's first row needs a Title",
  },
  too_long: {
    'zh-TW': (a) => `超過 ${a.max} 個字元`,
    en: (a) => `longer than ${a.max} characters`,
  },
  product_repeated: {
    'zh-TW': (a) => `商品「${a.value}」已於第 ${a.line} 行開始；接續列的 Title 須留空`,
    en: (a) => `product "${a.value}" already began on line ${a.line}; continuation rows leave Title empty`,
  },
  price_invalid: {
    'zh-TW': (a) => `「${a.value}」不是整數新台幣金額`,
    en: (a) => `"${a.value}" is not a whole NT$ amount`,
  },
  price_missing: { 'zh-TW': () => '款式缺少價格', en: () => 'the variant has no price' },
  count_invalid: {
    'zh-TW': (a) => `「${a.value}」不是 0 或正整數`,
    en: (a) => `"${a.value}" is not a whole number of 0 or more`,
  },
  sku_duplicate: {
    'zh-TW': (a) => `SKU「${a.value}」已用於第 ${a.line} 行`,
    en: (a) => `SKU "${a.value}" is already used on line ${a.line}`,
  },
  sku_formula: {
    'zh-TW': (a) => `SKU「${a.value}」不可以 =、+、-、@ 開頭（試算表會把它當成公式）`,
    en: (a) => `SKU "${a.value}" may not begin with =, +, - or @ (spreadsheets would run it as a formula)`,
  },
  sku_taken: {
    'zh-TW': (a) => `SKU「${a.value}」屬於另一件商品「${a.handle}」`,
    en: (a) => `SKU "${a.value}" belongs to another product, "${a.handle}"`,
  },
  option_missing: {
    'zh-TW': (a) => `缺少選項「${a.name}」的值`,
    en: (a) => `the value of option "${a.name}" is missing`,
  },
  option_unnamed: {
    'zh-TW': () => '此選項沒有名稱（請在商品第一列填寫）',
    en: () => "this option has no name (give it on the product's first row)",
  },
  option_duplicate: {
    'zh-TW': (a) => `與第 ${a.line} 行的款式選項相同`,
    en: (a) => `the same options as the variant on line ${a.line}`,
  },
  flag_invalid: {
    'zh-TW': (a) => `「${a.value}」應為 ${a.allowed} 之一`,
    en: (a) => `"${a.value}" should be one of ${a.allowed}`,
  },
  brand_missing: { 'zh-TW': () => '新商品須有品牌（Vendor）', en: () => 'a new product needs a brand (Vendor)' },
  category_missing: {
    'zh-TW': () => '新商品須有分類（Type 或 Product Category）',
    en: () => 'a new product needs a category (Type or Product Category)',
  },
  slug_invalid: {
    'zh-TW': (a) => `「${a.value}」不是有效的代稱（小寫英數字與連字號）`,
    en: (a) => `"${a.value}" is not a valid slug (lower-case letters, digits and hyphens)`,
  },
  slug_duplicate: {
    'zh-TW': (a) => `代稱「${a.value}」已用於第 ${a.line} 行`,
    en: (a) => `the slug "${a.value}" is already used on line ${a.line}`,
  },
  parent_unknown: {
    'zh-TW': (a) => `沒有代稱為「${a.value}」的分類`,
    en: (a) => `no category has the slug "${a.value}"`,
  },
  name_missing: { 'zh-TW': () => '缺少中文名稱', en: () => 'the Chinese name is missing' },
  image_unknown: {
    'zh-TW': (a) => `找不到圖片「${a.value}」`,
    en: (a) => `the image "${a.value}" cannot be found`,
  },
  image_unreachable: {
    'zh-TW': (a) => `無法讀取圖片「${a.value}」（${a.reason}）`,
    en: (a) => `the image "${a.value}" cannot be read (${a.reason})`,
  },
  image_address_refused: {
    'zh-TW': (a) =>
      `未讀取圖片「${a.value}」：網址不是公開的網路位址（本機、內部或區域網路，或無法解析的名稱），請改用公開的圖片網址`,
    en: (a) =>
      `the image "${a.value}" was not fetched: its address is not a public one (this machine, a private or local network, or a name that does not resolve); use a public image URL`,
  },
  image_type: {
    'zh-TW': (a) => `「${a.value}」不是 JPEG、PNG、WebP、AVIF 或 GIF 圖片`,
    en: (a) => `"${a.value}" is not a JPEG, PNG, WebP, AVIF or GIF image`,
  },
  image_too_large: {
    'zh-TW': (a) => `圖片「${a.value}」超過 ${a.reason}`,
    en: (a) => `the image "${a.value}" is larger than ${a.reason}`,
  },
  image_too_small: {
    'zh-TW': (a) => `圖片「${a.value}」小於 ${a.reason}`,
    en: (a) => `the image "${a.value}" is smaller than ${a.reason}`,
  },
  variant_image_unknown: {
    'zh-TW': (a) => `「${a.value}」不是此商品的圖片（Image Src）`,
    en: (a) => `"${a.value}" is not one of this product's images (Image Src)`,
  },
  header_missing: {
    'zh-TW': (a) => `缺少必要欄位 ${a.value}`,
    en: (a) => `the required column ${a.value} is missing`,
  },
  encoding_utf16: {
    'zh-TW': () =>
      '檔案是 UTF-16 編碼，不是 UTF-8。請在 Excel 選「檔案 › 另存新檔」，存檔類型選「CSV UTF-8（逗號分隔）(*.csv)」，再匯入該檔',
    en: () =>
      'the file is UTF-16, not UTF-8. In Excel choose File › Save As, type "CSV UTF-8 (Comma delimited) (*.csv)", and import that file',
  },
  encoding_big5: {
    'zh-TW': () =>
      '此行起不是 UTF-8 文字，看來是 Big5 編碼（台灣版 Excel 的預設）。請在 Excel 選「檔案 › 另存新檔」，存檔類型選「CSV UTF-8（逗號分隔）(*.csv)」，再匯入該檔',
    en: () =>
      'not UTF-8 text from this line on: it looks like Big5 (what Excel in Taiwan saves by default). In Excel choose File › Save As, type "CSV UTF-8 (Comma delimited) (*.csv)", and import that file',
  },
  encoding_invalid: {
    'zh-TW': () => '此行起不是有效的 UTF-8 文字；請將檔案另存為 UTF-8 編碼的 CSV',
    en: () => 'not valid UTF-8 text from this line on; save the file as a UTF-8 CSV',
  },
  text_unsafe: {
    'zh-TW': () => '含有控制字元或雙向文字覆寫字元（看不見，會改變文字的顯示）',
    en: () => 'contains control characters or bidirectional overrides (invisible, and they change how text shows)',
  },
  image_outside: {
    'zh-TW': (a) => `圖片「${a.value}」不在 CSV 檔所在的資料夾${a.reason ? `（${a.reason}）` : ''}內`,
    en: (a) => `the image "${a.value}" is not inside the CSV file's folder${a.reason ? ` (${a.reason})` : ''}`,
  },
  image_broken: {
    'zh-TW': (a) => `圖片「${a.value}」無法解碼（檔案不完整或損壞：${a.reason}）`,
    en: (a) => `the image "${a.value}" cannot be decoded (cut short or damaged: ${a.reason})`,
  },
  image_store_failed: {
    'zh-TW': (a) => `圖片「${a.value}」無法存入相片空間（${a.reason}）；匯入已取消，請確認儲存設定後重試`,
    en: (a) =>
      `the image "${a.value}" could not be saved to the photo store (${a.reason}); the import is refused: check the store's settings and try again`,
  },
  withdraw_too_many: {
    'zh-TW': (a) =>
      `--withdraw-missing 將下架 ${a.n} 件商品，超過販售中 ${a.total} 件的一半；請檢查檔案，確定要下架請加上 --yes`,
    en: (a) =>
      `--withdraw-missing would withdraw ${a.n} of the ${a.total} products on sale, more than half; check the file, or add --yes if you mean it`,
  },
  csv_malformed: {
    'zh-TW': (a) => `CSV 格式錯誤：${a.reason}`,
    en: (a) => `the CSV is malformed: ${a.reason}`,
  },
});

export type ProblemCode = keyof typeof PROBLEMS;

/** Where a text is read: the owner's terminal (the command's flags) or the console (its boxes). */
export type Surface = 'terminal' | 'console';

/** The problems the console words its own way, naming its boxes where the command names flags. */
export const CONSOLE_PROBLEMS: Partial<typeof PROBLEMS> = {
  withdraw_too_many: {
    'zh-TW': (a) =>
      `「下架 CSV 裡沒有的商品」將下架 ${a.n} 件商品，超過販售中 ${a.total} 件的一半；請檢查檔案，確定要下架請勾選「我確定要下架它們」`,
    en: (a) =>
      `“Withdraw the products the CSV leaves out” would withdraw ${a.n} of the ${a.total} products on sale, more than half; check the file, or tick “Yes, withdraw them” if you mean it`,
  },
};

/** A problem's reason in `locale` as `surface` words it. */
export function problemReason(locale: ToolLocale, code: ProblemCode, args: Args, surface: Surface): string {
  const text = (surface === 'console' && CONSOLE_PROBLEMS[code]) || PROBLEMS[code];
  return text[locale](oneLine(args));
}

/** A refused row: where, which column, why. */
export interface Problem {
  line: number;
  column: string;
  code: ProblemCode;
  args?: Args;
}

const LINES = T({
  problem: {
    'zh-TW': (a) => (a.line ? `第 ${a.line} 行${a.column ? `，${a.column}` : ''}：${a.reason}` : `${a.reason}`),
    en: (a) => (a.line ? `line ${a.line}${a.column ? `, ${a.column}` : ''}: ${a.reason}` : `${a.reason}`),
  },
  refused: {
    'zh-TW': (a) => `拒絕匯入：${a.n} 個問題，未做任何變更。`,
    en: (a) => `Import refused: ${a.n} problem(s); nothing was changed.`,
  },
  dry_ok: {
    'zh-TW': () => '試算完成，沒有問題（未寫入資料庫）。',
    en: () => 'Dry run: no problem found (nothing was written).',
  },
  applied: { 'zh-TW': () => '匯入完成。', en: () => 'Import applied.' },
  unknown_columns: {
    'zh-TW': (a) => `未使用的欄位（已忽略）：${a.list}`,
    en: (a) => `Columns not used (ignored): ${a.list}`,
  },
  counts: {
    'zh-TW': (a) =>
      `商品：新增 ${a.pc}、更新 ${a.pu}、未變 ${a.pn}；款式：新增 ${a.vc}、更新 ${a.vu}、移除 ${a.vr}、停售（已有訂單）${a.vz}`,
    en: (a) =>
      `Products: ${a.pc} created, ${a.pu} updated, ${a.pn} unchanged; variants: ${a.vc} created, ${a.vu} updated, ${a.vr} removed, ${a.vz} kept at stock 0 (ordered before)`,
  },
  sku_generated: {
    'zh-TW': (a) => `第 ${a.line} 行：款式沒有 SKU，產生 ${a.sku}`,
    en: (a) => `line ${a.line}: the variant had no SKU; generated ${a.sku}`,
  },
  brand_created: {
    'zh-TW': (a) => `新增品牌 ${a.slug}（${a.name}）`,
    en: (a) => `Brand created: ${a.slug} (${a.name})`,
  },
  category_created: {
    'zh-TW': (a) => `新增分類 ${a.slug}（${a.name}）`,
    en: (a) => `Category created: ${a.slug} (${a.name})`,
  },
  media_sync_needs_bucket: {
    'zh-TW': () =>
      '尚未設定相片空間：請設定 MEDIA_S3_BUCKET（以及 MEDIA_S3_ENDPOINT、MEDIA_S3_REGION、AWS_ACCESS_KEY_ID、AWS_SECRET_ACCESS_KEY）後再執行',
    en: () =>
      'No bucket configured: set MEDIA_S3_BUCKET (and MEDIA_S3_ENDPOINT, MEDIA_S3_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), then run it again',
  },
  media_sync_start: {
    'zh-TW': (a) => `將 ${a.from} 的相片複製到 ${a.to}`,
    en: (a) => `Copying the photos of ${a.from} to ${a.to}`,
  },
  media_sync_done: {
    'zh-TW': (a) => `相片：複製 ${a.copied}、已存在略過 ${a.skipped}、非相片未動 ${a.ignored}`,
    en: (a) => `Photos: ${a.copied} copied, ${a.skipped} already there (skipped), ${a.ignored} not photos (left alone)`,
  },
  media_sync_failed: {
    'zh-TW': (a) => `無法連上相片空間或寫入被拒（${a.reason}）；已複製 ${a.copied} 張，再執行一次會從中斷處繼續`,
    en: (a) =>
      `The bucket could not be reached or refused a photo (${a.reason}); ${a.copied} copied so far, running it again carries on from there`,
  },
  withdrawn: {
    'zh-TW': (a) => `下架（檔案中沒有）：${a.list}`,
    en: (a) => `Withdrawn (absent from the file): ${a.list}`,
  },
});

export type LineCode = keyof typeof LINES;

/** Values from a file or the database, each kept on its one line: controls show as escapes (terminalSafe). */
const oneLine = (args: Args): Args =>
  Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? terminalSafe(v) : v]));

export function say(locale: ToolLocale, code: LineCode, args: Args = {}): string {
  return LINES[code][locale](oneLine(args));
}

export function describeProblem(locale: ToolLocale, p: Problem, surface: Surface = 'terminal'): string {
  return say(locale, 'problem', {
    line: p.line,
    column: p.column,
    reason: problemReason(locale, p.code, p.args ?? {}, surface),
  });
}
