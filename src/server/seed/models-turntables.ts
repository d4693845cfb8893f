import { type Model, m } from './model.ts';

/** Turntables. */
export const TURNTABLE_MODELS: Model[] = [
  m(
    'pro-ject',
    'turntables',
    'Debut Carbon EVO',
    'turntable',
    21900,
    ['black', 'white', 'red', 'green', 'walnut'],
    ['carbon', 'handmade'],
    { drive: 'belt', speeds: '33 / 45 / 78', cartridge: 'Ortofon 2M Red', weight: '6000' },
  ),
  m('pro-ject', 'turntables', 'Debut PRO', 'turntable', 34900, ['black', 'white'], ['carbon', 'handmade', 'premium'], {
    drive: 'belt',
    speeds: '33 / 45 / 78',
    cartridge: 'Pick it PRO',
    weight: '6400',
  }),
  m('pro-ject', 'turntables', 'T1 EVO', 'turntable', 13900, ['black', 'white', 'walnut'], ['phono', 'handmade'], {
    drive: 'belt',
    speeds: '33 / 45',
    cartridge: 'Ortofon OM10',
    weight: '5400',
  }),
  m('pro-ject', 'turntables', 'Primary E', 'turntable', 8900, ['black', 'white', 'red'], ['handmade'], {
    drive: 'belt',
    speeds: '33 / 45',
    cartridge: 'Ortofon OM5e',
    weight: '3600',
  }),
  m(
    'pro-ject',
    'turntables',
    'X1 B',
    'turntable',
    42900,
    ['black', 'walnut', 'white'],
    ['carbon', 'handmade', 'premium'],
    { drive: 'belt', speeds: '33 / 45 / 78', cartridge: 'Pick it S2 MM', weight: '10000' },
  ),
  m('pro-ject', 'turntables', 'Juke Box E1', 'turntable', 19900, ['black', 'white', 'walnut'], ['bluetooth', 'phono'], {
    drive: 'belt',
    speeds: '33 / 45',
    cartridge: 'Ortofon OM5e',
    power: '2 × 25 W',
    weight: '5800',
  }),
  m('technics', 'turntables', 'SL-1500C', 'dd-turntable', 36900, ['black', 'silver'], ['phono', 'handmade'], {
    drive: 'direct',
    speeds: '33 / 45 / 78',
    cartridge: 'Ortofon 2M Red',
    weight: '9900',
  }),
  m('technics', 'turntables', 'SL-1200GR2', 'dd-turntable', 59900, ['silver', 'black'], ['handmade', 'premium'], {
    drive: 'direct',
    speeds: '33 / 45 / 78',
    weight: '11500',
  }),
  m('technics', 'turntables', 'SL-100C', 'dd-turntable', 31900, ['black', 'white', 'red'], ['handmade'], {
    drive: 'direct',
    speeds: '33 / 45 / 78',
    cartridge: 'Audio-Technica AT-VM95C',
    weight: '8900',
  }),
  m('audio-technica', 'turntables', 'AT-LP120XUSB', 'dd-turntable', 11900, ['black', 'silver'], ['usb', 'phono'], {
    drive: 'direct',
    speeds: '33 / 45 / 78',
    cartridge: 'AT-VM95E',
    weight: '8000',
  }),
  m('audio-technica', 'turntables', 'AT-LP60X', 'turntable', 5290, ['black', 'grey', 'brown'], ['automatic', 'phono'], {
    drive: 'belt',
    speeds: '33 / 45',
    weight: '2600',
  }),
  m(
    'audio-technica',
    'turntables',
    'AT-LP70XBT',
    'turntable',
    7490,
    ['black', 'white'],
    ['automatic', 'bluetooth', 'phono'],
    { drive: 'belt', speeds: '33 / 45', weight: '2800' },
  ),
  m('denon', 'turntables', 'DP-450USB', 'turntable', 17900, ['black', 'white'], ['usb', 'phono', 'automatic'], {
    drive: 'belt',
    speeds: '33 / 45 / 78',
    weight: '5900',
  }),
  m('denon', 'turntables', 'DP-300F', 'turntable', 13900, ['black', 'silver'], ['automatic', 'phono'], {
    drive: 'belt',
    speeds: '33 / 45',
    weight: '5500',
  }),
  m('yamaha', 'turntables', 'TT-S303', 'turntable', 13900, ['black', 'silver'], ['phono'], {
    drive: 'belt',
    speeds: '33 / 45',
    weight: '5000',
  }),
  m('marantz', 'turntables', 'TT-15S1', 'turntable', 62000, ['black'], ['handmade', 'premium'], {
    drive: 'belt',
    speeds: '33 / 45',
    cartridge: 'Clearaudio Virtuoso',
    weight: '12000',
  }),
];
