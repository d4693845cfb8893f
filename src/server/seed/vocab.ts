/** Words the generated product texts are built from, in both languages. */
type Pair = { zh: string; en: string };

/** Selling points: a short phrase for summaries and a sentence for descriptions. */
export const FEATURES = {
  anc: {
    zh: '主動降噪',
    en: 'active noise cancelling',
    long_zh: '自適應主動降噪會依環境即時調整，環境音模式則讓你不摘下耳機也能聽見站名廣播。',
    long_en:
      'Adaptive noise cancelling adjusts to your surroundings in real time, and ambient mode lets you hear station announcements without taking them off.',
  },
  ldac: {
    zh: 'LDAC 高音質傳輸',
    en: 'LDAC high-quality streaming',
    long_zh: '支援 LDAC 編碼，搭配 Android 手機可傳輸接近 Hi-Res 等級的無線音質。',
    long_en: 'LDAC support brings near hi-res wireless quality from Android phones.',
  },
  aptx: {
    zh: 'aptX Adaptive',
    en: 'aptX Adaptive',
    long_zh: '支援 aptX Adaptive，低延遲又穩定，看影片、玩遊戲嘴型都對得上。',
    long_en: 'aptX Adaptive keeps latency low and the link stable, so lips stay in sync with video and games.',
  },
  multipoint: {
    zh: '多點連線',
    en: 'multipoint pairing',
    long_zh: '可同時連接手機與筆電，視訊會議結束接起來電，不用重新配對。',
    long_en: 'Connect a phone and a laptop at once and take a call straight after the video meeting, no re-pairing.',
  },
  spatial: {
    zh: '空間音訊',
    en: 'spatial audio',
    long_zh: '空間音訊搭配頭部追蹤，看電影時聲音彷彿從螢幕方向傳來。',
    long_en: 'Spatial audio with head tracking makes film soundtracks seem to come from the screen.',
  },
  battery: {
    zh: '超長續航',
    en: 'long battery life',
    long_zh: '充飽一次可撐過好幾天的通勤，快充 10 分鐘就能再聽數小時。',
    long_en: 'One charge lasts days of commuting, and ten minutes of quick charging adds hours more.',
  },
  app: {
    zh: 'App 自訂等化器',
    en: 'app EQ',
    long_zh: '透過官方 App 自訂等化器、更新韌體與調整觸控操作，打造屬於你的聲音。',
    long_en: 'The companion app lets you set the EQ, update firmware and remap the touch controls.',
  },
  waterproof: {
    zh: 'IP67 防水防塵',
    en: 'IP67 water and dust proof',
    long_zh: '達 IP67 防水防塵等級，可短暫浸水，沾到沙子用清水沖洗即可。',
    long_en: 'Rated IP67 against water and dust: it survives a dunk, and sand rinses off under the tap.',
  },
  sweatproof: {
    zh: 'IPX4 防汗',
    en: 'IPX4 sweat resistance',
    long_zh: 'IPX4 防潑水防汗，上健身房或在雨中跑步都不必擔心。',
    long_en: 'IPX4 splash and sweat resistance means the gym or a rainy run is no worry.',
  },
  hires: {
    zh: 'Hi-Res Audio 認證',
    en: 'Hi-Res Audio certified',
    long_zh: '通過 Hi-Res Audio 認證，能完整重現高解析音檔的細節與空氣感。',
    long_en: 'Hi-Res Audio certification means the detail and air of high-resolution files come through intact.',
  },
  detachable: {
    zh: '可換線設計',
    en: 'detachable cable',
    long_zh: '線材可拆換，損壞時只需更換線材，也能升級為平衡線。',
    long_en: 'The cable detaches, so a damaged one is easily replaced or upgraded to a balanced lead.',
  },
  comfort: {
    zh: '舒適配戴',
    en: 'all-day comfort',
    long_zh: '耳罩採記憶海綿與透氣布料，台灣夏天長時間配戴也不悶熱。',
    long_en: 'Memory-foam pads under breathable fabric stay comfortable for hours, even in a Taiwanese summer.',
  },
  wifi: {
    zh: 'Wi-Fi 串流',
    en: 'Wi-Fi streaming',
    long_zh: '支援 AirPlay 2、Chromecast 與 Spotify Connect，家中多台音響可同步播放。',
    long_en:
      'AirPlay 2, Chromecast and Spotify Connect are built in, and several speakers can play in sync around the home.',
  },
  stereo: {
    zh: '雙機立體聲',
    en: 'stereo pairing',
    long_zh: '兩台同型號可組成左右聲道立體聲，或用派對模式串連更多喇叭。',
    long_en: 'Pair two for left-right stereo, or link more in party mode.',
  },
  atmos: {
    zh: 'Dolby Atmos',
    en: 'Dolby Atmos',
    long_zh: '支援 Dolby Atmos 杜比全景聲，串流平台的電影與影集都能呈現立體的環繞音效。',
    long_en: 'Dolby Atmos brings immersive, three-dimensional sound to films and series from streaming services.',
  },
  hdmi: {
    zh: 'HDMI eARC',
    en: 'HDMI eARC',
    long_zh: '透過 HDMI eARC 連接電視，可用電視遙控器直接調整音量。',
    long_en: 'Connected by HDMI eARC, it follows your TV remote for volume.',
  },
  dialogue: {
    zh: '人聲強化',
    en: 'dialogue enhancement',
    long_zh: '人聲強化模式讓新聞與連續劇對白更清楚，深夜也不必把音量開大。',
    long_en: 'Dialogue enhancement makes news and dramas easier to follow without turning it up late at night.',
  },
  bluetooth: {
    zh: '藍牙播放',
    en: 'Bluetooth playback',
    long_zh: '內建藍牙接收，手機裡的音樂與 Podcast 一鍵就能播放。',
    long_en: 'Built-in Bluetooth plays music and podcasts from your phone in one tap.',
  },
  phono: {
    zh: '內建唱頭放大',
    en: 'built-in phono stage',
    long_zh: '內建 MM 唱頭放大線路，黑膠唱盤可直接連接，不必另購前級。',
    long_en: 'A built-in MM phono stage takes a turntable directly, no extra preamplifier needed.',
  },
  usb: {
    zh: 'USB 數位輸出',
    en: 'USB output',
    long_zh: '具 USB 輸出，可把黑膠直接錄進電腦，數位保存珍藏的唱片。',
    long_en: 'A USB output lets you record vinyl straight to a computer and archive treasured albums.',
  },
  automatic: {
    zh: '全自動操作',
    en: 'fully automatic',
    long_zh: '按下按鈕即自動落針，播放結束自動回臂，第一次接觸黑膠也能輕鬆上手。',
    long_en: 'One button lowers the stylus and returns the arm at the end, so first-time vinyl listeners are at ease.',
  },
  carbon: {
    zh: '碳纖維唱臂',
    en: 'carbon-fibre tonearm',
    long_zh: '輕量而堅固的碳纖維唱臂減少共振，讓音像更穩定清晰。',
    long_en: 'A light, rigid carbon-fibre tonearm damps resonance for a steadier, clearer image.',
  },
  streaming: {
    zh: 'HEOS 網路串流',
    en: 'HEOS streaming',
    long_zh: '內建 HEOS 多房間串流，支援 Spotify、Tidal、Apple Music 與網路廣播。',
    long_en: 'HEOS multi-room streaming is built in, with Spotify, Tidal, Apple Music and internet radio.',
  },
  balanced: {
    zh: '4.4 mm 平衡輸出',
    en: '4.4 mm balanced output',
    long_zh: '同時提供 3.5 mm 與 4.4 mm 平衡輸出，搭配平衡線可獲得更低的噪底與更強的推力。',
    long_en: 'Both 3.5 mm and 4.4 mm balanced outputs, the balanced one with a lower noise floor and more drive.',
  },
  mqa: {
    zh: '高解析解碼',
    en: 'high-resolution decoding',
    long_zh: '支援最高 PCM 768 kHz 與 DSD512 解碼，高解析音檔原汁原味呈現。',
    long_en: 'Decodes up to PCM 768 kHz and DSD512, so high-resolution files play as recorded.',
  },
  calibration: {
    zh: '自動音場校正',
    en: 'room calibration',
    long_zh: '附測試麥克風，自動依房間格局校正，不懂聲學也能調出好聲音。',
    long_en: 'A supplied microphone calibrates to your room automatically, no acoustics degree required.',
  },
  handmade: {
    zh: '精工製造',
    en: 'precision build',
    long_zh: '關鍵零件由原廠工匠組裝與檢驗，用料與做工都經得起時間考驗。',
    long_en: 'Key parts are assembled and checked by hand at the factory, built to stand the test of time.',
  },
  premium: {
    zh: '頂級用料',
    en: 'premium materials',
    long_zh: '機身採用鋁合金、真皮與天然木材，兼具質感與耐用。',
    long_en: 'Aluminium, leather and natural wood give it a fine feel and long life.',
  },
} as const satisfies Record<string, Pair & { long_zh: string; long_en: string }>;

export type FeatureKey = keyof typeof FEATURES;

/** Colours and finishes offered as variant options. */
export const FINISHES = {
  black: { zh: '黑色', en: 'Black', hex: '#1f1f22' },
  silver: { zh: '銀色', en: 'Silver', hex: '#c9ccd1' },
  white: { zh: '白色', en: 'White', hex: '#f1efe9' },
  navy: { zh: '午夜藍', en: 'Midnight Blue', hex: '#1e2a44' },
  sand: { zh: '沙丘米', en: 'Sandstone', hex: '#d6c6a8' },
  grey: { zh: '太空灰', en: 'Space Grey', hex: '#5b5f66' },
  green: { zh: '森林綠', en: 'Forest Green', hex: '#2f4a3a' },
  pink: { zh: '玫瑰粉', en: 'Rose Pink', hex: '#e3b5b4' },
  gold: { zh: '香檳金', en: 'Champagne Gold', hex: '#cbb386' },
  brown: { zh: '咖啡棕', en: 'Mocha Brown', hex: '#6a4e3b' },
  red: { zh: '緋紅', en: 'Crimson', hex: '#a32632' },
  blue: { zh: '湖水藍', en: 'Lake Blue', hex: '#2f6f9f' },
  cream: { zh: '奶油白', en: 'Cream', hex: '#efe6d2' },
  walnut: { zh: '胡桃木', en: 'Walnut', hex: '#6b4a2f' },
  oak: { zh: '橡木', en: 'Natural Oak', hex: '#b98d5e' },
  gloss: { zh: '鋼琴黑', en: 'Gloss Black', hex: '#0e0e10' },
  satin: { zh: '緞面白', en: 'Satin White', hex: '#e9e7e2' },
} as const satisfies Record<string, Pair & { hex: string }>;

export type FinishKey = keyof typeof FINISHES;

/** Spec rows: label in each language and how a raw value is written. */
export const SPECS = {
  driver: { zh: '單體', en: 'Driver', fmt: (v: string) => ({ zh: v, en: v }) },
  battery: { zh: '續航力', en: 'Battery life', fmt: (v: string) => ({ zh: `最長 ${v} 小時`, en: `Up to ${v} hours` }) },
  weight: { zh: '重量', en: 'Weight', fmt: (v: string) => ({ zh: `${v} g`, en: `${v} g` }) },
  bluetooth: { zh: '藍牙版本', en: 'Bluetooth', fmt: (v: string) => ({ zh: v, en: v }) },
  codecs: { zh: '支援編碼', en: 'Codecs', fmt: (v: string) => ({ zh: v, en: v }) },
  impedance: { zh: '阻抗', en: 'Impedance', fmt: (v: string) => ({ zh: `${v} Ω`, en: `${v} Ω` }) },
  response: { zh: '頻率響應', en: 'Frequency response', fmt: (v: string) => ({ zh: v, en: v }) },
  power: { zh: '輸出功率', en: 'Output power', fmt: (v: string) => ({ zh: v, en: v }) },
  ip: { zh: '防護等級', en: 'Ingress rating', fmt: (v: string) => ({ zh: v, en: v }) },
  inputs: { zh: '輸入端子', en: 'Inputs', fmt: (v: string) => ({ zh: v, en: v }) },
  channels: { zh: '聲道', en: 'Channels', fmt: (v: string) => ({ zh: `${v} 聲道`, en: `${v} channels` }) },
  speeds: { zh: '轉速', en: 'Speeds', fmt: (v: string) => ({ zh: `${v} rpm`, en: `${v} rpm` }) },
  drive: {
    zh: '驅動方式',
    en: 'Drive',
    fmt: (v: string) => (v === 'belt' ? { zh: '皮帶驅動', en: 'Belt drive' } : { zh: '直接驅動', en: 'Direct drive' }),
  },
  cartridge: { zh: '原廠唱頭', en: 'Cartridge', fmt: (v: string) => ({ zh: v, en: v }) },
  dac: { zh: 'DAC 晶片', en: 'DAC chip', fmt: (v: string) => ({ zh: v, en: v }) },
  sampling: { zh: '最高取樣率', en: 'Max sample rate', fmt: (v: string) => ({ zh: v, en: v }) },
  storage: { zh: '儲存空間', en: 'Storage', fmt: (v: string) => ({ zh: v, en: v }) },
  dimensions: { zh: '尺寸（寬×高×深）', en: 'Size (W×H×D)', fmt: (v: string) => ({ zh: `${v} mm`, en: `${v} mm` }) },
  length: { zh: '長度', en: 'Length', fmt: (v: string) => ({ zh: v, en: v }) },
  material: { zh: '材質', en: 'Material', fmt: (v: string) => ({ zh: v, en: v }) },
} as const satisfies Record<string, Pair & { fmt: (v: string) => Pair }>;

export type SpecKey = keyof typeof SPECS;
