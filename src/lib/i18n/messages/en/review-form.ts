/** The review form (issue 42). (English) */
export const reviewFormEn = {
  'reviews.form.title': 'Review your purchase',
  'reviews.form.lead': 'Rate the products of order {no} and tell other shoppers what you think.',
  'reviews.form.notDelivered':
    'This order has not been delivered or picked up yet. You can review it once you have it.',
  'reviews.form.none': 'No product of this order can be reviewed any more.',
  'reviews.form.badLink': 'This review link is not complete. Open it again from the mail.',
  'reviews.form.bought': 'Bought: {variant}',
  'reviews.form.stars': 'Rating',
  'reviews.form.star': '{n} star',
  'reviews.form.starMany': '{n} stars',
  'reviews.form.titleField': 'Title (optional)',
  'reviews.form.body': 'Your review (optional)',
  'reviews.form.send': 'Post review',
  'reviews.form.save': 'Save changes',
  'reviews.form.sent': 'Thank you! Your review is posted.',
  'reviews.form.saved': 'Your changes are saved.',
  'reviews.form.pending': 'Thank you! Your review will show once the shop has checked it.',
  'reviews.form.editableUntil': 'You can change it until {date}.',
  'reviews.form.frozen':
    'Reviews can be changed for {days} days after they are written; this one can no longer be changed.',
  'reviews.form.hidden': 'The shop has hidden this review.',
  'reviews.form.starsRequired': 'Choose from 1 to 5 stars.',
  'reviews.form.viewProduct': 'View {name}',
} as const;
