import { type Model, m } from './model.ts';

/** Accessories. */
export const ACCESSORY_MODELS: Model[] = [
  m('audio-technica', 'accessories', 'AT-VM95E', 'cartridge', 3290, ['black'], ['hires'], {
    cartridge: ['VM 型 MM 唱頭，橢圓針', 'VM-type MM cartridge, elliptical stylus'],
    weight: '6.1',
  }),
  m('audio-technica', 'accessories', 'AT-VM95ML', 'cartridge', 9990, ['black'], ['hires', 'handmade'], {
    cartridge: ['VM 型 MM 唱頭，微線針', 'VM-type MM cartridge, MicroLine stylus'],
    weight: '6.1',
  }),
  m('audio-technica', 'accessories', ['AT6012 唱片清潔組', 'AT6012 Record Care Kit'], 'care', 990, ['black'], [], {
    material: ['天鵝絨刷、清潔液、唱針刷', 'Velvet brush, fluid, stylus brush'],
  }),
  m('pro-ject', 'accessories', 'Speed Box S3', 'speed', 6990, ['black', 'silver'], ['handmade'], {
    speeds: '33 / 45 / 78',
    weight: '420',
  }),
  m(
    'pro-ject',
    'accessories',
    'Connect it E RCA',
    'cable',
    1490,
    ['black'],
    [],
    { length: '1.23 m', material: ['無氧銅導體、鍍金 RCA', 'OFC conductor, gold-plated RCA'] },
    [
      ['0.5 公尺', '0.5 m', 0],
      ['1.23 公尺', '1.23 m', 300],
    ],
  ),
  m('pro-ject', 'accessories', ['Clean it 唱針清潔刷', 'Clean it Stylus Brush'], 'care', 690, ['black'], [], {
    material: ['碳纖維刷毛', 'Carbon-fibre bristles'],
  }),
  m('kef', 'accessories', 'S1 Floor Stand', 'stand', 12900, ['black', 'white'], [], {
    material: ['鋁合金立柱', 'Aluminium column'],
    dimensions: '250 × 810 × 250',
  }),
  m('kef', 'accessories', 'P1 Desk Pad', 'stand', 2900, ['black', 'white'], [], {
    material: ['矽膠', 'Silicone'],
    dimensions: '150 × 65 × 185',
  }),
  m(
    'bowers-wilkins',
    'accessories',
    ['STAV24 S2 喇叭腳架', 'STAV24 S2 Speaker Stands'],
    'stand',
    14900,
    ['black', 'silver'],
    [],
    { material: ['鋁合金、可填沙', 'Aluminium, sand-fillable'], dimensions: '310 × 600 × 310' },
  ),
  m(
    'fiio',
    'accessories',
    ['LC-RE 可換插頭耳機線', 'LC-RE Modular Earphone Cable'],
    'cable',
    2990,
    ['silver'],
    ['balanced'],
    { length: '1.2 m', material: ['單晶銅鍍銀', 'Silver-plated monocrystalline copper'] },
    [
      ['MMCX', 'MMCX', 0],
      ['0.78 mm 2-pin', '0.78 mm 2-pin', 0],
    ],
  ),
  m('shure', 'accessories', 'MV7+', 'mic', 9900, ['black', 'white'], ['app'], {
    inputs: 'USB-C, XLR',
    response: '50 Hz – 16 kHz',
    weight: '550',
  }),
  m('sennheiser', 'accessories', ['HD 600 原廠替換耳墊', 'HD 600 Replacement Ear Pads'], 'spare', 1290, ['grey'], [], {
    material: ['絲絨', 'Velour'],
  }),
  m('marshall', 'accessories', ['Emberton 收納包', 'Emberton Carry Case'], 'spare', 1290, ['black'], [], {
    material: ['防潑水帆布', 'Water-repellent canvas'],
  }),
  m(
    'technics',
    'accessories',
    ['SL-1200 系列防塵蓋 SFDQ400', 'SL-1200 Series Dust Cover SFDQ400'],
    'spare',
    3290,
    ['black'],
    [],
    { material: ['壓克力', 'Acrylic'] },
  ),
];
