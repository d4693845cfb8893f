import { prng, shopPrice, stableUid } from '../common/prng.ts';
import { BRANDS, type BrandSeed } from './brands.ts';
import { IMAGE_SIZE, productImage } from './images.ts';
import { type Art, KINDS } from './kinds.ts';
import type { Model, SpecValue } from './model.ts';
import { ACCESSORY_MODELS } from './models-accessories.ts';
import { AMPLIFIER_MODELS } from './models-amplifiers.ts';
import { DAC_MODELS } from './models-dacs.ts';
import { EARPHONE_MODELS } from './models-earphones.ts';
import { HEADPHONE_MODELS } from './models-headphones.ts';
import { SOUNDBAR_MODELS } from './models-soundbars.ts';
import { SPEAKER_MODELS } from './models-speakers.ts';
import { TURNTABLE_MODELS } from './models-turntables.ts';
import { type Parcel, parcelOf } from './parcels.ts';
import { FEATURES, FINISHES, type FinishKey, SPECS, type SpecKey } from './vocab.ts';

/** The demo catalogue's fixed "now": every generated time lies before it. */
export const SEED_EPOCH = Date.UTC(2026, 9, 31, 2, 0, 0);
const DAY_MS = 86_400_000;
const CATALOG_SEED = 20_261_031;
const SOLD_OUT_SHARE = 0.08;
const ON_SALE_SHARE = 0.2;
const SALE_MARKUP = 1.15;
const WOOD_PREMIUM = 1.06;
const SECOND_IMAGE_SHARE = 0.45;
const HIGH_END_PRICE = 50_000;

export interface VariantSeed {
  sku: string;
  option_name_zh: string;
  option_name_en: string;
  option_value_zh: string;
  option_value_en: string;
  price: number;
  compare_at_price: number | null;
  stock: number;
  sort: number;
}

export interface ImageSeed {
  src: string;
  width: number;
  height: number;
  alt_zh: string;
  alt_en: string;
  sort: number;
  /** What the generator draws: shape, body colour, brand accent and a view number. */
  art: Art;
  hex: string;
  accent: string;
  view: number;
}

export interface SpecRow {
  label_zh: string;
  label_en: string;
  value_zh: string;
  value_en: string;
}

export interface ProductSeed {
  uid: string;
  slug: string;
  brand: string;
  category: string;
  name_zh: string;
  name_en: string;
  summary_zh: string;
  summary_en: string;
  description_zh: string;
  description_en: string;
  specs: SpecRow[];
  price: number;
  compare_at_price: number | null;
  stock: number;
  created_at: number;
  updated_at: number;
  variants: VariantSeed[];
  images: ImageSeed[];
  /** One packed unit (weight and size decide whether a convenience store takes it). */
  parcel: Parcel;
}

const WOOD: readonly FinishKey[] = ['walnut', 'oak', 'gloss', 'satin'];

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const modelNames = (m: Model): [string, string] => (typeof m.model === 'string' ? [m.model, m.model] : [...m.model]);

function brandOf(slug: string): BrandSeed {
  const b = BRANDS.find((x) => x.slug === slug);
  if (!b) throw new Error(`unknown brand in model list: ${slug}`);
  return b;
}

function specRows(m: Model, warrantyYears: number): SpecRow[] {
  const rows: SpecRow[] = Object.entries(m.specs).map(([key, raw]) => {
    const spec = SPECS[key as SpecKey];
    const value = typeof raw === 'string' ? spec.fmt(raw) : { zh: (raw as SpecValue)[0], en: (raw as SpecValue)[1] };
    return { label_zh: spec.zh, label_en: spec.en, value_zh: value.zh, value_en: value.en };
  });
  rows.push({
    label_zh: '保固',
    label_en: 'Warranty',
    value_zh: `台灣原廠保固 ${warrantyYears} 年`,
    value_en: `${warrantyYears}-year Taiwan manufacturer warranty`,
  });
  return rows;
}

function texts(m: Model, brand: BrandSeed, nameZh: string, nameEn: string) {
  const kind = KINDS[m.kind];
  const feats = m.features.slice(0, 3).map((f) => FEATURES[f]);
  const years = kind.warrantyYears;
  const zhList = feats.map((f) => f.zh).join('、');
  const enList = feats.map((f) => f.en);
  const enJoined = enList.length > 1 ? `${enList.slice(0, -1).join(', ')} and ${enList.at(-1)}` : (enList[0] ?? '');
  const summary_zh = `${zhList ? `${zhList}，` : ''}台灣公司貨，享原廠保固 ${years} 年。`;
  const summary_en = `${enJoined ? `${enJoined[0]!.toUpperCase()}${enJoined.slice(1)}; ` : ''}official Taiwan import with a ${years}-year warranty.`;
  const fill = (t: string, name: string) => t.replaceAll('{name}', name).replaceAll('{brand}', brand.label);
  const description_zh = [
    fill(kind.intro_zh, nameZh),
    ...(feats.length ? [feats.map((f) => f.long_zh).join('')] : []),
    `本店販售皆為台灣公司貨，享原廠保固 ${years} 年。全館提供宅配與超商取貨，收到商品後享 7 天猶豫期，退貨時請保持商品與包裝完整。`,
  ].join('\n\n');
  const description_en = [
    fill(kind.intro_en, nameEn),
    ...(feats.length ? [feats.map((f) => f.long_en).join(' ')] : []),
    `Everything we sell is an official Taiwan import with a ${years}-year manufacturer warranty. We deliver to your door or to a convenience store, and you have 7 days after delivery to change your mind, provided the product and packaging are complete.`,
  ].join('\n\n');
  return { summary_zh, summary_en, description_zh, description_en, specs: specRows(m, years) };
}

function build(m: Model, index: number, rnd: ReturnType<typeof prng>): ProductSeed {
  const brand = brandOf(m.brand);
  const kind = KINDS[m.kind];
  const [modelZh, modelEn] = modelNames(m);
  const named = typeof m.model !== 'string';
  const slug = `${brand.slug}-${slugify(modelEn)}`;
  const name_zh = named ? `${brand.label} ${modelZh}` : `${brand.label} ${modelZh} ${kind.zh}`;
  const name_en = named ? `${brand.label} ${modelEn}` : `${brand.label} ${modelEn} ${kind.en}`;
  const soldOut = rnd.chance(SOLD_OUT_SHARE);
  const onSale = rnd.chance(ON_SALE_SHARE);
  const maxStock = m.price >= HIGH_END_PRICE ? 4 : 24;
  const skuBase = `${brand.slug.slice(0, 3)}-${slugify(modelEn).replace(/-/g, '')}`.toUpperCase().slice(0, 24);
  const stockFor = () => (soldOut || rnd.chance(0.15) ? 0 : rnd.int(1, maxStock));
  const compare = (p: number) => (onSale ? shopPrice(p * SALE_MARKUP) : null);

  const woodOption = m.finishes.some((f) => WOOD.includes(f));
  const variants: VariantSeed[] = m.editions
    ? m.editions.map(([zh, en, extra], i) => ({
        sku: `${skuBase}-V${i + 1}`,
        option_name_zh: '規格',
        option_name_en: 'Version',
        option_value_zh: zh,
        option_value_en: en,
        price: m.price + extra,
        compare_at_price: compare(m.price + extra),
        stock: stockFor(),
        sort: i,
      }))
    : m.finishes.map((f, i) => {
        const price = i > 0 && WOOD.includes(f) ? shopPrice(m.price * WOOD_PREMIUM) : m.price;
        return {
          sku: `${skuBase}-${f.slice(0, 3).toUpperCase()}`,
          option_name_zh: woodOption ? '飾面' : '顏色',
          option_name_en: woodOption ? 'Finish' : 'Colour',
          option_value_zh: FINISHES[f].zh,
          option_value_en: FINISHES[f].en,
          price,
          compare_at_price: compare(price),
          stock: stockFor(),
          sort: i,
        };
      });

  const cheapest = variants.reduce((a, b) => (b.price < a.price ? b : a));
  const finish = (i: number) => FINISHES[m.finishes[i] ?? m.finishes[0] ?? 'black'];
  const image = (n: number, finishIndex: number): ImageSeed => {
    const f = finish(finishIndex);
    return {
      src: productImage(slug, n),
      ...IMAGE_SIZE.product,
      alt_zh: `${name_zh}（${f.zh}）`,
      alt_en: `${name_en} in ${f.en}`,
      sort: n - 1,
      art: kind.art,
      hex: f.hex,
      accent: brand.colors[1],
      view: n,
    };
  };
  const images = [image(1, 0)];
  if (rnd.chance(SECOND_IMAGE_SHARE)) images.push(image(2, m.finishes.length > 1 ? 1 : 0));

  const created_at = SEED_EPOCH - (index % 7) * 3_600_000 - rnd.int(5, 420) * DAY_MS;
  const updated_at = Math.min(SEED_EPOCH, created_at + rnd.int(0, 60) * DAY_MS);
  return {
    uid: stableUid(`product:${slug}`),
    slug,
    brand: brand.slug,
    category: m.category,
    name_zh,
    name_en,
    ...texts(m, brand, `${brand.label} ${modelZh}`, `${brand.label} ${modelEn}`),
    price: cheapest.price,
    compare_at_price: cheapest.compare_at_price,
    stock: variants.reduce((sum, v) => sum + v.stock, 0),
    created_at,
    updated_at,
    variants,
    images,
    parcel: parcelOf(m.kind, m.specs.weight),
  };
}

/** The whole demo catalogue, generated the same way on every run. */
export function demoProducts(): ProductSeed[] {
  const rnd = prng(CATALOG_SEED);
  const models = [
    ...HEADPHONE_MODELS,
    ...EARPHONE_MODELS,
    ...SPEAKER_MODELS,
    ...SOUNDBAR_MODELS,
    ...TURNTABLE_MODELS,
    ...AMPLIFIER_MODELS,
    ...DAC_MODELS,
    ...ACCESSORY_MODELS,
  ];
  return models.map((m, i) => build(m, i, rnd));
}
