/** 會員收藏清單頁與選單（issue 32）。(繁體中文) */
export const wishlistZhTW = {
  'member.nav.wishlist': '收藏清單',
  'wishlist.title': '我的收藏',
  'wishlist.lead': '您收藏的商品，顯示目前的價格與庫存。',
  'wishlist.empty': '收藏清單是空的。點商品上的愛心即可收藏。',
  'wishlist.remove': '移除',
  'wishlist.removeItem': '從收藏清單移除 {name}',
  'wishlist.added': '{name} 已加入購物車。',
  'wishlist.low': '庫存不多',
  'wishlist.gone': '已停售',
} as const;
