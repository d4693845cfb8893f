/**
 * The product page's restock alert form and the heart's label (issue 32). (English) Rendered into the
 * page at build time only: these are in all.ts, not in the browser's locale file.
 */
export const restockEn = {
  'wishlist.save': 'Save to wishlist',
  'restock.notifyMe': 'Notify me when it is back',
  'restock.option': 'Sold-out option',
  'restock.by': 'Tell me by',
  'restock.byPhone': 'Text message',
  'restock.byEmail': 'Email',
  'restock.phone': 'Mobile number',
  'restock.email': 'Email address',
  'restock.sendCode': 'Send code',
  'restock.code': 'Code from the text message',
  'restock.submit': 'Notify me',
  'restock.member': 'We will tell you once, by text to your account’s phone (or by email).',
  'restock.codeSent': 'A 6-digit code was texted to {phone}.',
  'restock.done': 'Done: we will tell you once when {option} is back.',
  'restock.pending': 'Almost done: we mailed a link to {email}. Follow it to start the alert.',
} as const;
