/** Page metadata for every static page URL, in both locales. */
interface PageMeta {
  url: string;
  zh: [title: string, description: string, keywords: string];
  en: [title: string, description: string, keywords: string];
  type?: 'website' | 'article';
}

export const OG_IMAGE = '/images/og/default.svg';
const SHOP_ZH = '聲林音響 Soundwood';
const SHOP_EN = 'Soundwood Audio';

const PAGES: PageMeta[] = [
  {
    url: '/',
    zh: [
      `${SHOP_ZH}｜耳機、喇叭與黑膠唱盤專賣`,
      '台灣公司貨耳機、喇叭、聲霸、黑膠唱盤與擴大機，Bang & Olufsen、Sennheiser、Sony、KEF 等品牌，宅配與超商取貨。',
      '耳機,藍牙喇叭,黑膠唱盤,擴大機,聲霸,音響',
    ],
    en: [
      `${SHOP_EN} | Headphones, Speakers and Turntables`,
      'Official Taiwan imports of headphones, speakers, soundbars, turntables and amplifiers from Bang & Olufsen, Sennheiser, Sony, KEF and more.',
      'headphones,speakers,turntables,amplifiers,soundbars,hi-fi,Taiwan',
    ],
  },
  {
    url: '/about',
    zh: ['關於我們', '聲林音響自台北大安起家，提供專業試聽與選購建議，只賣台灣公司貨。', '關於聲林,音響門市,試聽室'],
    en: [
      'About us',
      'Soundwood began in Da’an, Taipei; we offer expert listening sessions and advice, and sell only official Taiwan imports.',
      'about,audio shop,listening room',
    ],
  },
  {
    url: '/contact',
    zh: ['聯絡我們', '對商品、訂單或試聽預約有任何問題，歡迎留言，我們會在一個工作天內回覆。', '聯絡,客服,試聽預約'],
    en: [
      'Contact us',
      'Questions about products, orders or a listening session? Send us a message and we reply within one working day.',
      'contact,customer service,listening session',
    ],
  },
  {
    url: '/cookie',
    zh: ['Cookie 政策', '說明本網站如何使用 Cookie 與類似技術，以及您可以如何管理。', 'Cookie,隱私'],
    en: [
      'Cookie policy',
      'How this website uses cookies and similar technologies, and how you can manage them.',
      'cookies,privacy',
    ],
  },
  {
    url: '/fraud-prevention',
    zh: [
      '防詐騙提醒',
      '聲林音響不會以電話要求您操作 ATM 或提供信用卡資料，遇到可疑來電請撥 165 反詐騙專線。',
      '防詐騙,165,ATM 解除分期',
    ],
    en: [
      'Fraud prevention',
      'We never call asking you to use an ATM or give card details. If a call seems suspicious, ring the 165 anti-fraud hotline.',
      'fraud prevention,scam,165',
    ],
  },
  {
    url: '/privacy-policy',
    zh: ['隱私權政策', '依個人資料保護法說明我們蒐集、處理與利用個人資料的方式與您的權利。', '隱私權,個資法'],
    en: [
      'Privacy policy',
      'How we collect, process and use personal data under Taiwan’s Personal Data Protection Act, and your rights.',
      'privacy,personal data',
    ],
  },
  {
    url: '/terms-of-user',
    zh: [
      '服務條款',
      '使用本網站與購物前請詳閱服務條款，包括訂購、付款、配送與 7 天猶豫期退貨說明。',
      '服務條款,退貨,猶豫期',
    ],
    en: [
      'Terms of use',
      'Please read these terms before shopping: ordering, payment, delivery and returns within the 7-day cooling-off period.',
      'terms,returns,cooling-off',
    ],
  },
  {
    url: '/articles',
    zh: ['專欄文章', '選購指南、保養技巧與門市最新消息。', '選購指南,耳機保養,黑膠'],
    en: ['Articles', 'Buying guides, care tips and news from our stores.', 'buying guide,care tips,vinyl'],
  },
  {
    url: '/brands',
    zh: ['品牌總覽', '瀏覽聲林音響代理與販售的所有品牌。', '品牌,Bang & Olufsen,Sennheiser,Sony'],
    en: ['Brands', 'Browse every brand we carry.', 'brands,Bang & Olufsen,Sennheiser,Sony'],
  },
  {
    url: '/categories',
    zh: ['商品分類', '耳罩式耳機、入耳式耳機、喇叭、聲霸、黑膠唱盤、擴大機、DAC 與配件。', '耳機,喇叭,唱盤,擴大機'],
    en: [
      'Categories',
      'Headphones, earphones, speakers, soundbars, turntables, amplifiers, DACs and accessories.',
      'headphones,speakers,turntables,amplifiers',
    ],
  },
  {
    url: '/search',
    zh: ['搜尋商品', '依品牌、分類與價格搜尋商品。', '搜尋'],
    en: ['Search', 'Search products by brand, category and price.', 'search'],
  },
  {
    url: '/cart',
    zh: ['購物車', '檢視購物車中的商品與金額。', '購物車'],
    en: ['Cart', 'Review the items and total in your cart.', 'cart'],
  },
  {
    url: '/cart/checkout',
    zh: ['填寫訂單資料', '填寫收件資訊、配送方式與發票資料。', '結帳,電子發票'],
    en: ['Checkout', 'Enter delivery details, shipping method and invoice information.', 'checkout,e-invoice'],
  },
  {
    url: '/cart/payment',
    zh: ['選擇付款方式', '信用卡、ATM 轉帳、超商代碼與貨到付款。', '付款,信用卡,ATM'],
    en: [
      'Payment',
      'Credit card, ATM transfer, convenience-store code or cash on delivery.',
      'payment,credit card,ATM',
    ],
  },
  {
    url: '/cart/result',
    zh: ['訂單結果', '訂單完成與付款結果。', '訂單'],
    en: ['Order result', 'Your order confirmation and payment result.', 'order'],
  },
  {
    url: '/login',
    zh: ['會員登入', '以手機號碼或電子郵件登入會員。', '登入,會員'],
    en: ['Log in', 'Log in with your mobile number or email address.', 'log in,member'],
  },
  {
    url: '/sign-up',
    zh: ['加入會員', '以手機號碼簡訊驗證，快速加入會員。', '註冊,加入會員'],
    en: ['Sign up', 'Join in moments with a text-message code to your mobile.', 'sign up,register'],
  },
  {
    url: '/forgot-password',
    zh: ['忘記密碼', '以手機簡訊驗證碼重設密碼。', '忘記密碼'],
    en: ['Forgot password', 'Reset your password with a code sent to your mobile.', 'forgot password'],
  },
  {
    url: '/reset-password',
    zh: ['重設密碼', '設定新的會員密碼。', '重設密碼'],
    en: ['Reset password', 'Choose a new password.', 'reset password'],
  },
  {
    url: '/member/profile',
    zh: ['會員資料', '管理您的姓名、電子郵件與收件地址。', '會員資料'],
    en: ['My profile', 'Manage your name, email and delivery address.', 'profile'],
  },
  {
    url: '/member/orders',
    zh: ['訂單查詢', '查詢訂單狀態與配送進度。', '訂單查詢'],
    en: ['My orders', 'Check the status and delivery of your orders.', 'orders'],
  },
  {
    url: '/member/change-password',
    zh: ['變更密碼', '變更您的會員密碼。', '變更密碼'],
    en: ['Change password', 'Change your account password.', 'change password'],
  },
  {
    url: '/member/phone-Verification',
    zh: ['手機驗證', '以簡訊驗證碼完成手機號碼驗證。', '手機驗證'],
    en: ['Verify your phone', 'Verify your mobile number with a text-message code.', 'phone verification'],
  },
];

export interface SiteMetaSeed {
  url: string;
  locale: 'zh-TW' | 'en';
  title: string;
  description: string;
  keywords: string;
  og_title: string;
  og_description: string;
  og_keywords: string;
  og_image: string;
  og_type: string;
}

/** One row per page and locale; titles other than the home page carry the shop name. */
export function demoSiteMetas(): SiteMetaSeed[] {
  return PAGES.flatMap((p) =>
    (['zh-TW', 'en'] as const).map((locale) => {
      const [title, description, keywords] = locale === 'en' ? p.en : p.zh;
      const shop = locale === 'en' ? SHOP_EN : SHOP_ZH;
      const full = p.url === '/' ? title : `${title}${locale === 'en' ? ' | ' : '｜'}${shop}`;
      return {
        url: p.url,
        locale,
        title: full,
        description,
        keywords,
        og_title: full,
        og_description: description,
        og_keywords: keywords,
        og_image: OG_IMAGE,
        og_type: p.type ?? 'website',
      };
    }),
  );
}
