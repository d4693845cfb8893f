/** The member's wishlist page and its menu entry (issue 32). (English) */
export const wishlistEn = {
  'member.nav.wishlist': 'Wishlist',
  'wishlist.title': 'My wishlist',
  'wishlist.lead': 'What you are saving for, at today’s price and stock.',
  'wishlist.empty': 'Your wishlist is empty. Tap the heart on a product to save it.',
  'wishlist.remove': 'Remove',
  'wishlist.removeItem': 'Remove {name} from the wishlist',
  'wishlist.added': '{name} is in your cart.',
  'wishlist.low': 'Only a few left',
  'wishlist.gone': 'No longer sold',
} as const;
