import { paras } from './article.ts';

/** Policy texts for system variables: plain text, blank-line paragraphs, "## " headings. */
export const PRIVACY = {
  zh: paras(
    '聲林音響（以下稱「本公司」）重視您的隱私。本政策依《個人資料保護法》說明我們如何蒐集、處理與利用您的個人資料。',
    '## 蒐集目的與類別',
    '本公司為提供會員服務、處理訂單、配送商品、開立電子發票、客戶服務與行銷（經您同意時）之目的，蒐集您的姓名、手機號碼、電子郵件、收件地址、訂單與付款紀錄等資料。',
    '## 利用期間、地區、對象與方式',
    '您的資料於會員存續期間及法令規定之保存期間內，於中華民國境內，由本公司及受託處理之物流、金流與電子發票服務商，在完成上述目的所需範圍內利用。',
    '## 您的權利',
    '依個資法第 3 條，您可以查詢、閱覽、請求製給複製本、補充或更正、請求停止蒐集處理利用，或請求刪除您的個人資料。請透過聯絡我們頁面或客服信箱提出，我們將於 15 日內處理。',
    '## 資料安全',
    '密碼以不可逆的雜湊方式儲存，網站全程使用 HTTPS 加密傳輸。本公司不會以電話或簡訊要求您提供信用卡號碼或操作 ATM。',
    '## 政策修訂',
    '本政策如有修訂，將公告於本網站。重大變更時，我們會以電子郵件或網站公告通知您。',
  ),
  en: paras(
    'Soundwood Audio ("we") respects your privacy. This policy explains, under Taiwan’s Personal Data Protection Act, how we collect, process and use your personal data.',
    '## What we collect and why',
    'To provide membership, process orders, deliver goods, issue e-invoices, answer enquiries and, with your consent, send marketing, we collect your name, mobile number, email address, delivery address, and order and payment records.',
    '## How long, where, by whom and how',
    'Your data is used for as long as your membership lasts and for any period the law requires, within the Republic of China (Taiwan), by us and by the logistics, payment and e-invoice providers we engage, only as far as these purposes need.',
    '## Your rights',
    'Under Article 3 of the Act you may ask to inspect your data, receive a copy, supplement or correct it, stop its collection, processing or use, or have it deleted. Contact us through the contact page or by email; we respond within 15 days.',
    '## Security',
    'Passwords are stored only as one-way hashes and the whole site uses HTTPS. We never ask for your card number or ask you to use an ATM by phone or text message.',
    '## Changes',
    'Changes to this policy are published on this website; for significant changes we will also notify you by email or a notice on the site.',
  ),
};

export const TERMS = {
  zh: paras(
    '歡迎使用聲林音響網站。當您完成會員註冊或下單購物，即表示您已閱讀、瞭解並同意以下條款。',
    '## 會員帳號',
    '會員以手機號碼註冊並完成簡訊驗證。請妥善保管您的密碼，勿與他人共用；若發現帳號遭冒用，請立即通知客服。',
    '## 訂購與付款',
    '商品價格以新台幣計價並含營業稅。訂單成立後，本公司將寄送確認通知；若因庫存不足或價格標示明顯錯誤，本公司得於通知您後取消訂單並全額退款。',
    '## 配送',
    '提供宅配與超商取貨。單筆運費依網站公告計算，本島一般於付款後 1 至 3 個工作天內出貨；離島及大型商品之配送時間另行通知。',
    '## 7 天猶豫期與退換貨',
    '依《消費者保護法》第 19 條，您於收到商品之次日起 7 日內得不附理由解除契約。退回商品須保持完整（含配件、贈品、外盒與發票），耳機與入耳式耳機因衛生考量，請勿拆封試戴；已拆封之貼身商品將依實際狀況酌收整新費用。',
    '## 保固',
    '本站所售商品皆為台灣公司貨，依各品牌原廠保固條款辦理。非人為損壞之故障，請持發票與保固卡聯繫客服。',
    '## 準據法',
    '本條款以中華民國法律為準據法，如有爭議，以臺灣臺北地方法院為第一審管轄法院。',
  ),
  en: paras(
    'Welcome to Soundwood Audio. By registering as a member or placing an order you confirm that you have read, understood and agreed to these terms.',
    '## Your account',
    'Members register with a mobile number verified by text message. Keep your password safe and do not share it; if you notice misuse of your account, tell us at once.',
    '## Orders and payment',
    'Prices are in New Taiwan dollars and include business tax. We confirm each order by message; if stock runs out or a price is obviously wrong, we may cancel the order after telling you and refund it in full.',
    '## Delivery',
    'We deliver to your door or to a convenience store. Shipping fees are shown on the site; on the main island orders usually ship within 1 to 3 working days of payment, and we will tell you the timing for outlying islands and large items.',
    '## 7-day cooling-off period and returns',
    'Under Article 19 of the Consumer Protection Act you may cancel within 7 days from the day after delivery without giving a reason. Returned goods must be complete, with accessories, gifts, box and invoice. For hygiene reasons please do not unseal and try on headphones or earphones; opened personal-use items may incur a restocking fee according to their condition.',
    '## Warranty',
    'Everything we sell is an official Taiwan import covered by the manufacturer’s warranty. For faults not caused by misuse, contact us with your invoice and warranty card.',
    '## Governing law',
    'These terms are governed by the laws of the Republic of China (Taiwan); the Taiwan Taipei District Court is the court of first instance for any dispute.',
  ),
};

export const COOKIES = {
  zh: paras(
    '本網站使用 Cookie 與瀏覽器儲存空間，讓網站正常運作並記住您的偏好。',
    '## 我們使用的 Cookie',
    '必要 Cookie：保存登入狀態與購物車內容，關閉後將無法登入或結帳。偏好 Cookie：記住您選擇的語言與顯示主題，保存 1 年。',
    '## 第三方',
    '結帳時會導向綠界科技等金流與物流服務，這些服務可能設定其自身的 Cookie，請參考其隱私權政策。',
    '## 如何管理',
    '您可以在瀏覽器設定中刪除或封鎖 Cookie，但部分功能可能因此無法使用。',
  ),
  en: paras(
    'This website uses cookies and browser storage to work properly and remember your preferences.',
    '## The cookies we use',
    'Essential cookies keep you logged in and keep your cart; without them you cannot log in or check out. Preference cookies remember your language and theme for one year.',
    '## Third parties',
    'At checkout you are sent to payment and logistics services such as ECPay, which may set their own cookies; please see their privacy policies.',
    '## Managing cookies',
    'You can delete or block cookies in your browser settings, though some features may then stop working.',
  ),
};
