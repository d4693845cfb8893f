/** A category of the demo shop. `art` names the drawing used for its card. */
export interface CategorySeed {
  slug: string;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
}

/** The categories, in display order. */
export const CATEGORIES: CategorySeed[] = [
  {
    slug: 'headphones',
    name_zh: '耳罩式耳機',
    name_en: 'Headphones',
    description_zh: '主動降噪、監聽與開放式耳機，通勤、工作與在家細聽都有適合的一副。',
    description_en: 'Noise-cancelling, studio and open-back headphones for the commute, the desk and the armchair.',
  },
  {
    slug: 'earphones',
    name_zh: '入耳式耳機',
    name_en: 'Earphones',
    description_zh: '真無線藍牙耳機與有線入耳式監聽耳機，輕巧好收納。',
    description_en: 'True wireless earbuds and wired in-ear monitors that slip into any pocket.',
  },
  {
    slug: 'speakers',
    name_zh: '喇叭音響',
    name_en: 'Speakers',
    description_zh: '藍牙喇叭、無線串流音響、書架與落地喇叭，從露營到客廳一次找齊。',
    description_en:
      'Bluetooth, wireless streaming, bookshelf and floorstanding speakers, from campsite to living room.',
  },
  {
    slug: 'soundbars',
    name_zh: '聲霸 Soundbar',
    name_en: 'Soundbars',
    description_zh: '一條就能升級電視聲音，支援 Dolby Atmos 的機種讓客廳變身家庭劇院。',
    description_en: 'One bar lifts your TV sound; Dolby Atmos models turn the living room into a home cinema.',
  },
  {
    slug: 'turntables',
    name_zh: '黑膠唱盤',
    name_en: 'Turntables',
    description_zh: '入門全自動到直驅旗艦唱盤，重新感受黑膠的溫度。',
    description_en: 'From plug-and-play automatics to direct-drive flagships: rediscover the warmth of vinyl.',
  },
  {
    slug: 'amplifiers',
    name_zh: '擴大機',
    name_en: 'Amplifiers',
    description_zh: '綜合擴大機、網路串流擴大機、AV 環繞擴大機與唱頭放大器。',
    description_en: 'Integrated, streaming and AV amplifiers, plus phono preamplifiers.',
  },
  {
    slug: 'dacs',
    name_zh: 'DAC 與播放器',
    name_en: 'DACs & Players',
    description_zh: '桌上型 DAC 耳擴、隨身 DAC 與數位音樂播放器，讓數位音源更細緻。',
    description_en: 'Desktop DAC/amps, portable DACs and digital audio players for finer digital sound.',
  },
  {
    slug: 'accessories',
    name_zh: '配件',
    name_en: 'Accessories',
    description_zh: '唱頭、訊號線、喇叭架與清潔用品，照顧好每一件器材。',
    description_en: 'Cartridges, cables, speaker stands and care kits to look after every component.',
  },
];
