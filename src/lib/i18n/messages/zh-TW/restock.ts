/**
 * 商品頁的貨到通知表單與收藏愛心的標籤（issue 32）。(繁體中文) 只在建置時寫入頁面：放在 all.ts，
 * 不在瀏覽器載入的語系檔中。
 */
export const restockZhTW = {
  'wishlist.save': '加入收藏',
  'restock.notifyMe': '貨到通知我',
  'restock.option': '已售完的規格',
  'restock.by': '通知方式',
  'restock.byPhone': '簡訊',
  'restock.byEmail': '電子郵件',
  'restock.phone': '手機號碼',
  'restock.email': '電子郵件',
  'restock.sendCode': '傳送驗證碼',
  'restock.code': '簡訊驗證碼',
  'restock.submit': '通知我',
  'restock.member': '到貨時會以簡訊通知您帳號的手機一次（沒有手機時寄電子郵件）。',
  'restock.codeSent': '6 位數驗證碼已傳送至 {phone}。',
  'restock.done': '已登記：{option} 到貨時會通知您一次。',
  'restock.pending': '還差一步：確認信已寄到 {email}，請點信中的連結啟用通知。',
} as const;
