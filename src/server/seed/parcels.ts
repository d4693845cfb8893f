import type { KindKey } from './kinds.ts';
import type { SpecValue } from './model.ts';

/** One packed unit: grams and the three sides in centimetres, longest first. */
export interface Parcel {
  weight_g: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
}

// Boxed as the shop ships them: speakers in pairs where sold in pairs, floorstanders on their own
// pallet-sized box. Several (floorstanders, subwoofers, bookshelf pairs, soundbars, turntables,
// amplifiers, stands) are over a convenience store's 5 kg or 45 cm, so store pickup refuses them.
const BY_KIND: Record<KindKey, readonly [number, number, number, number]> = {
  'anc-headphones': [700, 25, 22, 10],
  'wireless-headphones': [600, 24, 21, 10],
  'open-headphones': [800, 28, 24, 12],
  'studio-headphones': [750, 26, 22, 11],
  tws: [250, 12, 10, 6],
  'anc-tws': [280, 12, 10, 6],
  iem: [300, 15, 12, 6],
  'portable-speaker': [1200, 25, 18, 15],
  'home-speaker': [4200, 40, 30, 30],
  'retro-speaker': [4000, 42, 28, 26],
  bookshelf: [9500, 44, 36, 30],
  'active-bookshelf': [11000, 46, 38, 32],
  tower: [26000, 112, 40, 34],
  'studio-monitor': [7000, 40, 34, 30],
  subwoofer: [16000, 40, 36, 36],
  soundbar: [4200, 100, 16, 14],
  'atmos-soundbar': [7500, 122, 20, 16],
  turntable: [7000, 52, 44, 20],
  'dd-turntable': [11000, 55, 45, 22],
  'integrated-amp': [12000, 55, 52, 22],
  'network-amp': [3000, 34, 30, 14],
  'av-receiver': [13000, 55, 50, 25],
  'phono-preamp': [1200, 25, 20, 10],
  'desktop-dac': [2000, 30, 25, 12],
  'portable-dac': [400, 16, 12, 6],
  dap: [600, 18, 14, 8],
  cartridge: [200, 12, 10, 6],
  cable: [400, 25, 20, 5],
  stand: [14000, 70, 35, 30],
  mic: [600, 22, 15, 8],
  care: [300, 20, 12, 5],
  spare: [300, 18, 12, 5],
  speed: [1200, 25, 20, 10],
};

// Box, foam and manuals on top of the product's own weight.
const PACKING_G = 250;
const PACKING_SHARE = 1.15;

/** The packed size of one unit of a product of `kind`; its own weight (grams, a spec) when known. */
export function parcelOf(kind: KindKey, specWeight: SpecValue | undefined): Parcel {
  const [weight, length_cm, width_cm, height_cm] = BY_KIND[kind];
  const own = Number(typeof specWeight === 'string' ? specWeight : specWeight?.[0]);
  const packed = Number.isFinite(own) && own > 0 ? Math.round(own * PACKING_SHARE) + PACKING_G : 0;
  return { weight_g: Math.max(weight, packed), length_cm, width_cm, height_cm };
}
