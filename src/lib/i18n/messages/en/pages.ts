/** Information pages, the contact form and the cart step shells. (English) */
export const pagesEn = {
  'about.title': 'About us',
  'about.lead':
    'Soundwood Audio is a shop devoted to audio gear, for people who believe good sound belongs in every day.',
  'about.body':
    'From headphones, speakers and amplifiers to turntables, we listen to every product before it goes on our shelves, and we back it with the maker’s warranty and our own after-sales service.\n\nWhether you are choosing your first headphones or planning a whole listening room, write or call us: our staff will suggest gear that fits your needs and budget.',
  'about.visit': 'Visit us for a listen',
  'contact.title': 'Contact us',
  'contact.intro':
    'Questions about a product, an order or after-sales service? Leave us a message and we will reply within two working days.',
  'contact.form': 'Contact form',
  'contact.name': 'Name',
  'contact.email': 'Email',
  'contact.phone': 'Phone (optional)',
  'contact.subject': 'Subject',
  'contact.message': 'Message',
  'contact.submit': 'Send message',
  'contact.sending': 'Sending…',
  'contact.sent': 'Thank you for writing. We will reply soon.',
  'contact.failed': 'Your message could not be sent. Please try again later.',
  'contact.fixFields': 'Please correct the marked fields and send again.',
  'contact.info': 'Our shop',
  'cookie.title': 'Cookie policy',
  'fraud.title': 'Fraud prevention',
  'fraud.body':
    '## What we never do\n\nSoundwood Audio never asks you by phone or text message to use an ATM or online banking, or to give your card details, and never asks you to cancel instalments because of a “wrong order setting”, a “double charge” or a “membership upgrade”.\n\n## If you get a suspicious call\n\nHang up at once and call the 165 anti-fraud hotline, or check the state of your order with us through our contact page.\n\n## Protect your account\n\nNever tell anyone your password or a text-message code, not even someone who says they work for us.',
  'privacy.title': 'Privacy policy',
  'returns.title': 'Returns and refunds',
  'returns.body':
    '## Seven days to change your mind\n\nYou may return what you bought within {days} days of receiving it (from the day the parcel was delivered or picked up), without giving a reason and without paying for the return (Consumer Protection Act, Article 19). Please send the goods back complete, with their accessories, manuals and packaging.\n\n## What cannot be returned\n\nSealed audio or video media and software once opened, and in-ear earphones or monitors whose hygiene seal is broken, cannot be returned unless they are faulty. The page of every such product says so.\n\n## How to return\n\nMembers open the order under My orders and choose Return; guests open the order link in their order mail. Choose the items and quantities and, for an order not paid by card, the bank account the refund goes to. Once we approve the return, we book the parcel back at our cost and give you a return code for the store counter or the driver.\n\n## Your refund\n\nWe refund within 15 days of receiving the goods: a card payment back to the card, any other payment by bank transfer. For part of an order we issue an e-invoice allowance; for a whole order within its invoice period the invoice is voided.',
  'terms.title': 'Terms of use',
  'cart.title': 'Cart',
  'cart.placeholder': 'The contents of your cart will show here.',
  'checkout.title': 'Checkout',
  'checkout.placeholder': 'Recipient, delivery and invoice details will be filled in here.',
  'payment.title': 'Payment',
  'payment.placeholder': 'Payment methods and the payment status will show here.',
  'payment.lead':
    'Payments are handled by ECPay: card details are entered only on ECPay’s encrypted payment page, and the shop never sees or keeps your card number. ATM transfer accounts and store payment codes come from ECPay too.',
  'result.title': 'Order result',
  'result.placeholder': 'The result of your order will show here.',
  'result.lead':
    'This page shows your order’s payment and delivery status. To see it again later, members can open My orders; if you ordered as a guest, use the order link below.',
  'cart.steps': 'Checkout steps',
  'cart.continue': 'Continue shopping',
  'dev.title': 'Component demos',
  'dev.intro': 'Demo pages that exist only in development mode.',
} as const;
