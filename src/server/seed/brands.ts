/** A brand of the demo shop. `label` is the short Latin name used inside product names. */
export interface BrandSeed {
  slug: string;
  label: string;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  /** Two colours for the drawn logo card: background and mark. */
  colors: [string, string];
}

/** The brands, in display order. */
export const BRANDS: BrandSeed[] = [
  {
    slug: 'bangandolufsen',
    label: 'Bang & Olufsen',
    name_zh: 'Bang & Olufsen',
    name_en: 'Bang & Olufsen',
    description_zh: '1925 年創立於丹麥斯特魯爾的設計音響品牌，以鋁材、橡木與織布打造能長久陪伴的聲音與家具。',
    description_en:
      'Danish sound and design house founded in Struer in 1925, crafting speakers and headphones in aluminium, oak and fabric to last for decades.',
    colors: ['#1d1d1f', '#e8e2d6'],
  },
  {
    slug: 'sennheiser',
    label: 'Sennheiser',
    name_zh: 'Sennheiser 森海塞爾',
    name_en: 'Sennheiser',
    description_zh: '德國聲學品牌，自 1945 年起製作麥克風與耳機，HD 600 系列是許多錄音室與發燒友的參考標準。',
    description_en:
      'German audio specialist making microphones and headphones since 1945; its HD 600 line is a reference in studios and listening rooms alike.',
    colors: ['#0a0a0a', '#ffffff'],
  },
  {
    slug: 'sony',
    label: 'Sony',
    name_zh: 'Sony',
    name_en: 'Sony',
    description_zh: '日本消費電子品牌，1000X 系列降噪耳機與 Walkman 隨身聽深受台灣通勤族喜愛。',
    description_en:
      'Japanese electronics maker whose 1000X noise-cancelling headphones and Walkman players are commuter favourites.',
    colors: ['#111111', '#f2f2f2'],
  },
  {
    slug: 'bose',
    label: 'Bose',
    name_zh: 'Bose',
    name_en: 'Bose',
    description_zh: '美國麻省的音響品牌，以主動降噪技術與好上手的家庭劇院聞名。',
    description_en:
      'Massachusetts audio company known for pioneering active noise cancelling and easy-to-live-with home theatre.',
    colors: ['#000000', '#ffffff'],
  },
  {
    slug: 'audio-technica',
    label: 'Audio-Technica',
    name_zh: '鐵三角 Audio-Technica',
    name_en: 'Audio-Technica',
    description_zh: '1962 年於東京創立，從唱頭起家，如今的監聽耳機與黑膠唱盤都是入門玩家的首選。',
    description_en:
      'Founded in Tokyo in 1962 as a cartridge maker; today its monitor headphones and turntables are where many listeners begin.',
    colors: ['#0b2a4a', '#ffffff'],
  },
  {
    slug: 'marshall',
    label: 'Marshall',
    name_zh: 'Marshall',
    name_en: 'Marshall',
    description_zh: '源自倫敦的傳奇音箱品牌，把搖滾舞台的經典外型與厚實音色帶進家中與旅途。',
    description_en:
      'The legendary London amp maker, bringing the look and punch of the rock stage into homes and onto the road.',
    colors: ['#1a1a1a', '#c9a45c'],
  },
  {
    slug: 'bowers-wilkins',
    label: 'Bowers & Wilkins',
    name_zh: 'Bowers & Wilkins 寶華韋健',
    name_en: 'Bowers & Wilkins',
    description_zh: '英國沃辛的喇叭名廠，阿比路錄音室使用的 800 系列監聽喇叭即出自其手。',
    description_en:
      'Loudspeaker maker from Worthing, England, whose 800 Series monitors are used at Abbey Road Studios.',
    colors: ['#2b2b2b', '#d8d3c8'],
  },
  {
    slug: 'kef',
    label: 'KEF',
    name_zh: 'KEF',
    name_en: 'KEF',
    description_zh: '1961 年成立於英國肯特郡，Uni-Q 同軸單體讓書架喇叭也能有寬廣自然的聲場。',
    description_en:
      'Founded in Kent, England in 1961; its Uni-Q coaxial driver gives even bookshelf speakers a wide, natural soundstage.',
    colors: ['#101820', '#e4002b'],
  },
  {
    slug: 'jbl',
    label: 'JBL',
    name_zh: 'JBL',
    name_en: 'JBL',
    description_zh: '美國加州的專業音響品牌，從演唱會大型喇叭到防水藍牙喇叭都有豐富選擇。',
    description_en:
      'Californian sound brand spanning concert line arrays to waterproof Bluetooth speakers for the beach.',
    colors: ['#ff5a00', '#ffffff'],
  },
  {
    slug: 'denon',
    label: 'Denon',
    name_zh: 'Denon 天龍',
    name_en: 'Denon',
    description_zh: '1910 年創立的日本老牌，擴大機與 AV 環繞擴大機是許多家庭劇院的核心。',
    description_en:
      'Japanese audio brand dating from 1910 whose stereo and AV receivers sit at the heart of many home cinemas.',
    colors: ['#14213d', '#ffffff'],
  },
  {
    slug: 'marantz',
    label: 'Marantz',
    name_zh: 'Marantz 馬蘭士',
    name_en: 'Marantz',
    description_zh: '1953 年誕生於紐約，招牌的舷窗式顯示面板與溫潤音色陪伴了幾代音響迷。',
    description_en:
      'Born in New York in 1953; its porthole display and warm, musical sound have served generations of listeners.',
    colors: ['#3a2e25', '#d9b778'],
  },
  {
    slug: 'yamaha',
    label: 'Yamaha',
    name_zh: 'Yamaha 山葉',
    name_en: 'Yamaha',
    description_zh: '從樂器製造延伸到音響的日本品牌，HS 系列監聽喇叭與 A-S 系列擴大機都以忠實聲音著稱。',
    description_en:
      'Japanese maker of instruments and audio alike; the HS monitors and A-S amplifiers are known for honest, faithful sound.',
    colors: ['#4b0082', '#ffffff'],
  },
  {
    slug: 'technics',
    label: 'Technics',
    name_zh: 'Technics',
    name_en: 'Technics',
    description_zh: 'SL-1200 直驅唱盤的原創者，近年推出的 Hi-Fi 擴大機與真無線耳機同樣精緻。',
    description_en:
      'Creator of the SL-1200 direct-drive turntable, now also making refined hi-fi amplifiers and true wireless earbuds.',
    colors: ['#1c1c1c', '#b8b8b8'],
  },
  {
    slug: 'pro-ject',
    label: 'Pro-Ject',
    name_zh: 'Pro-Ject',
    name_en: 'Pro-Ject',
    description_zh: '奧地利黑膠唱盤專家，Debut 系列讓無數人重新愛上黑膠，另有小巧的 Box 系列前級與 DAC。',
    description_en:
      'Austrian turntable specialist whose Debut series brought countless people back to vinyl, plus the compact Box range of electronics.',
    colors: ['#5a0f14', '#f5efe6'],
  },
  {
    slug: 'shure',
    label: 'Shure',
    name_zh: 'Shure 舒爾',
    name_en: 'Shure',
    description_zh: '美國芝加哥的麥克風名廠，SE 系列入耳式監聽耳機是許多樂手上台的標準配備。',
    description_en: 'Chicago microphone maker whose SE in-ear monitors are standard kit for musicians on stage.',
    colors: ['#222222', '#f0f0f0'],
  },
  {
    slug: 'fiio',
    label: 'FiiO',
    name_zh: 'FiiO 飛傲',
    name_en: 'FiiO',
    description_zh: '來自廣州的隨身音響品牌，以合理價格提供高規格的隨身 DAC、耳擴與播放器。',
    description_en:
      'Guangzhou-based portable audio brand offering well-specified DACs, headphone amplifiers and players at fair prices.',
    colors: ['#0f3057', '#00a8cc'],
  },
];
