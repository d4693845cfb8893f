/** The drawing a product image uses; scripts/generate-images.ts knows how to draw each. */
export type Art =
  | 'headphones'
  | 'earbuds'
  | 'iem'
  | 'portable'
  | 'smart-speaker'
  | 'bookshelf'
  | 'tower'
  | 'subwoofer'
  | 'soundbar'
  | 'turntable'
  | 'amp'
  | 'dac'
  | 'player'
  | 'cartridge'
  | 'cable'
  | 'stand'
  | 'mic'
  | 'care';

/** A kind of product: what it is called, how its description opens, and how it is drawn. */
export interface Kind {
  zh: string;
  en: string;
  art: Art;
  /** Opening paragraph; `{name}` is the full product name, `{brand}` the brand. */
  intro_zh: string;
  intro_en: string;
  warrantyYears: number;
}

const k = (zh: string, en: string, art: Art, intro_zh: string, intro_en: string, warrantyYears = 1): Kind => ({
  zh,
  en,
  art,
  intro_zh,
  intro_en,
  warrantyYears,
});

/** Every kind the model lists use. */
export const KINDS = {
  'anc-headphones': k(
    '主動降噪無線耳罩式耳機',
    'Noise-Cancelling Wireless Headphones',
    'headphones',
    '{name} 把捷運、高鐵與辦公室的嘈雜隔絕在外，柔軟的耳罩與均衡的夾力，長時間配戴也不易疲勞。',
    'The {name} shuts out the noise of the MRT, the high-speed rail and the open-plan office, with soft cushions and a gentle clamp for long sessions.',
  ),
  'wireless-headphones': k(
    '無線耳罩式耳機',
    'Wireless Headphones',
    'headphones',
    '{name} 以 {brand} 招牌的調音帶來飽滿的低頻與清楚的人聲，摺疊後輕鬆收進包包。',
    'The {name} brings the signature {brand} tuning, full bass and clear vocals, and folds away into any bag.',
  ),
  'open-headphones': k(
    '開放式耳罩耳機',
    'Open-Back Headphones',
    'headphones',
    '{name} 採開放式設計，聲音自然開闊，彷彿置身音樂廳中央，適合在安靜的房間細細聆聽。',
    'The open-back {name} sounds natural and spacious, as if seated in the middle of the hall; made for quiet rooms and careful listening.',
    2,
  ),
  'studio-headphones': k(
    '專業監聽耳機',
    'Studio Monitor Headphones',
    'headphones',
    '{name} 是錄音室常見的監聽耳機，聲音平直精準、隔音良好，混音、練團與日常聆聽都可靠。',
    'The {name} is a studio staple: flat, precise and well isolated, dependable for mixing, rehearsals and everyday listening.',
  ),
  tws: k(
    '真無線藍牙耳機',
    'True Wireless Earbuds',
    'earbuds',
    '{name} 小巧的充電盒放進口袋就出門，穩固的配戴與清楚的通話，一整天的行程都跟得上。',
    'The {name} pops into a pocket in its small charging case, with a secure fit and clear calls that keep up with a full day.',
  ),
  'anc-tws': k(
    '主動降噪真無線耳機',
    'Noise-Cancelling True Wireless Earbuds',
    'earbuds',
    '{name} 在小小的耳機裡放進強大的降噪，通勤、搭機或在咖啡廳專心工作都更安靜。',
    'The {name} packs strong noise cancelling into tiny earbuds: quieter commutes, flights and café work sessions.',
  ),
  iem: k(
    '入耳式監聽耳機',
    'In-Ear Monitors',
    'iem',
    '{name} 是可更換線材的入耳式監聽耳機，被動隔音出色，舞台監聽與隨身 Hi-Fi 兩相宜。',
    'The {name} is an in-ear monitor with a detachable cable and excellent passive isolation, as much at home on stage as on the go.',
    2,
  ),
  'portable-speaker': k(
    '防水藍牙喇叭',
    'Waterproof Bluetooth Speaker',
    'portable',
    '{name} 防水防塵、耐摔好帶，露營、海邊或陽台烤肉都能播出有份量的聲音。',
    'The {name} is waterproof, dustproof and built for knocks, filling campsites, beaches and balconies with weighty sound.',
  ),
  'home-speaker': k(
    '無線串流音響',
    'Wireless Home Speaker',
    'smart-speaker',
    '{name} 支援 Wi-Fi 與藍牙串流，放在客廳或書房，一台就能填滿整個空間。',
    'The {name} streams over Wi-Fi and Bluetooth and fills a living room or study on its own.',
  ),
  'retro-speaker': k(
    '家用藍牙音響',
    'Home Bluetooth Speaker',
    'smart-speaker',
    '{name} 保留經典音箱的皮革紋理與金色旋鈕，低音與高音直接在機身上調整。',
    'The {name} keeps the textured vinyl and brass knobs of the classic amp, with bass and treble dialled in right on top.',
  ),
  bookshelf: k(
    '書架喇叭（一對）',
    'Bookshelf Speakers (Pair)',
    'bookshelf',
    '{name} 體積適中，放在書架、電視櫃或腳架上都合適，搭配擴大機即可組成一套完整的兩聲道系統。',
    'The {name} suits a shelf, a TV cabinet or stands, and with an amplifier makes a complete stereo system.',
    5,
  ),
  'active-bookshelf': k(
    '主動式無線喇叭（一對）',
    'Active Wireless Speakers (Pair)',
    'bookshelf',
    '{name} 內建擴大機與串流功能，接上電視或打開手機 App 就能播放，不需另購擴大機。',
    'The {name} has amplification and streaming built in: plug in the TV or open the app, no separate amplifier needed.',
    2,
  ),
  tower: k(
    '落地式喇叭（一對）',
    'Floorstanding Speakers (Pair)',
    'tower',
    '{name} 以多單體設計帶來寬廣的動態與紮實的低頻，是大坪數客廳的理想主喇叭。',
    'The multi-driver {name} delivers wide dynamics and solid bass, an ideal main pair for a large living room.',
    5,
  ),
  'studio-monitor': k(
    '主動式監聽喇叭（單支）',
    'Powered Studio Monitor (Single)',
    'bookshelf',
    '{name} 是許多工作室的桌上監聽，聲音誠實不修飾，讓混音在各種播放系統上都站得住。',
    'The {name} is a desktop monitor in countless studios, honest and unflattering so mixes translate everywhere.',
  ),
  subwoofer: k(
    '超低音喇叭',
    'Subwoofer',
    'subwoofer',
    '{name} 以緊實快速的低頻補足主喇叭，電影爆破與管風琴的低音都更有臨場感。',
    'The {name} adds tight, fast bass beneath your main speakers, so film effects and organ pedals feel real.',
    2,
  ),
  soundbar: k(
    '家庭劇院聲霸',
    'Soundbar',
    'soundbar',
    '{name} 一條線接上電視 HDMI eARC，對白更清楚、音效更寬廣，客廳立刻升級。',
    'Connect the {name} to your TV with one HDMI eARC cable for clearer dialogue and a wider soundstage.',
  ),
  'atmos-soundbar': k(
    'Dolby Atmos 家庭劇院聲霸',
    'Dolby Atmos Soundbar',
    'soundbar',
    '{name} 支援 Dolby Atmos 與 DTS:X，向上發聲單體營造頭頂音效，不必拉線也有環繞感。',
    'The {name} decodes Dolby Atmos and DTS:X, with up-firing drivers for overhead effects and surround without extra cables.',
  ),
  turntable: k(
    '黑膠唱盤',
    'Turntable',
    'turntable',
    '{name} 出廠已調好唱臂與唱頭，接上擴大機或主動喇叭就能開始播放黑膠。',
    'The {name} ships with the arm and cartridge set up: connect an amplifier or active speakers and start playing records.',
    2,
  ),
  'dd-turntable': k(
    '直驅式黑膠唱盤',
    'Direct-Drive Turntable',
    'turntable',
    '{name} 採直接驅動馬達，轉速穩定、啟動迅速，精密的唱臂讓細節完整浮現。',
    'The direct-drive {name} starts fast and holds speed steadily, while its precise tonearm draws out every detail.',
    2,
  ),
  'integrated-amp': k(
    '綜合擴大機',
    'Integrated Amplifier',
    'amp',
    '{name} 結構紮實、輸出充裕，能穩穩推動多數書架與落地喇叭，是兩聲道系統的核心。',
    'The solidly built {name} has power to spare for most bookshelf and floorstanding speakers, the heart of a stereo system.',
    3,
  ),
  'network-amp': k(
    '網路串流擴大機',
    'Streaming Amplifier',
    'amp',
    '{name} 把擴大機、DAC 與網路串流整合在一台，接上喇叭就能播放 Spotify、Tidal 與電視聲音。',
    'The {name} combines amplifier, DAC and streamer in one box: add speakers and play Spotify, Tidal and your TV.',
    3,
  ),
  'av-receiver': k(
    'AV 環繞擴大機',
    'AV Receiver',
    'amp',
    '{name} 支援 8K 影像傳輸與 Dolby Atmos，自動音場校正讓家庭劇院設定更簡單。',
    'The {name} passes 8K video and decodes Dolby Atmos, with automatic room calibration for an easy home cinema set-up.',
    3,
  ),
  'phono-preamp': k(
    '唱頭放大器',
    'Phono Preamplifier',
    'dac',
    '{name} 為唱頭的微弱訊號提供安靜精確的放大與 RIAA 等化，讓沒有 Phono 輸入的擴大機也能接唱盤。',
    'The {name} gives the tiny cartridge signal quiet, accurate gain and RIAA equalisation, so any amplifier can take a turntable.',
    2,
  ),
  'desktop-dac': k(
    '桌上型 DAC 耳機擴大機',
    'Desktop DAC & Headphone Amplifier',
    'dac',
    '{name} 以 USB 連接電腦即可使用，乾淨的解碼與充足的耳擴輸出，能推動多數高阻抗耳機。',
    'Plug the {name} into a computer by USB for clean decoding and enough headphone power for most high-impedance headphones.',
  ),
  'portable-dac': k(
    '隨身 USB DAC 耳擴',
    'Portable USB DAC/Amp',
    'dac',
    '{name} 只比隨身碟大一點，接上手機或筆電就能大幅提升有線耳機的聲音。',
    'Barely bigger than a thumb drive, the {name} plugs into a phone or laptop and lifts the sound of wired headphones.',
  ),
  dap: k(
    '數位音樂播放器',
    'Digital Audio Player',
    'player',
    '{name} 是專為音樂打造的隨身播放器，支援高解析音檔與串流 App，通勤路上也能享受 Hi-Fi。',
    'The {name} is a player built purely for music, with hi-res files and streaming apps for hi-fi on the commute.',
  ),
  cartridge: k(
    '黑膠唱頭',
    'Phono Cartridge',
    'cartridge',
    '{name} 安裝簡單，換上就能讓唱盤的解析與定位更上一層。',
    'The {name} is easy to fit and lifts the detail and imaging of your turntable.',
  ),
  cable: k(
    '訊號線',
    'Audio Cable',
    'cable',
    '{name} 以無氧銅導體與紮實的接頭製作，穩定傳遞訊號、減少雜訊。',
    'The {name} uses oxygen-free copper and sturdy plugs to carry the signal cleanly with less noise.',
  ),
  stand: k(
    '喇叭架',
    'Speaker Stands',
    'stand',
    '{name} 把喇叭抬到耳朵高度並與地板隔離，低頻更乾淨、定位更準確。',
    'The {name} lifts speakers to ear height and decouples them from the floor for cleaner bass and sharper imaging.',
  ),
  mic: k(
    'USB / XLR 麥克風',
    'USB/XLR Microphone',
    'mic',
    '{name} 同時具備 USB 與 XLR 輸出，Podcast、直播與錄音都能清楚收音。',
    'With both USB and XLR outputs, the {name} captures podcasts, streams and recordings clearly.',
  ),
  care: k(
    '清潔保養用品',
    'Care Kit',
    'care',
    '{name} 幫助你定期清潔黑膠與唱針，延長唱片與唱頭的壽命。',
    'The {name} keeps records and styli clean, extending the life of both.',
  ),
  spare: k(
    '原廠配件',
    'Genuine Accessory',
    'care',
    '{name} 為原廠正品配件，尺寸與材質和原機完全相符，安裝簡單。',
    'The {name} is a genuine part that matches the original exactly in size and material, and fits in moments.',
  ),
  speed: k(
    '唱盤轉速控制器',
    'Turntable Speed Controller',
    'dac',
    '{name} 以電子方式切換 33、45 與 78 轉，並提供更穩定的馬達電源。',
    'The {name} switches 33, 45 and 78 rpm electronically and feeds the motor a steadier supply.',
  ),
} as const satisfies Record<string, Kind>;

export type KindKey = keyof typeof KINDS;
