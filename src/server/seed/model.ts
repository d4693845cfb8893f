import type { KindKey } from './kinds.ts';
import type { FeatureKey, FinishKey, SpecKey } from './vocab.ts';

/** A spec value: the same text in both languages, or [zh, en]. */
export type SpecValue = string | readonly [string, string];

/** One hand-written catalogue entry; products.ts turns it into names, texts, variants and images. */
export interface Model {
  brand: string;
  category: string;
  /** Model name; a [zh, en] pair is a full name that needs no kind word after it. */
  model: string | readonly [string, string];
  kind: KindKey;
  /** List price of the first variant, NT$. */
  price: number;
  finishes: readonly FinishKey[];
  features: readonly FeatureKey[];
  specs: Partial<Record<SpecKey, SpecValue>>;
  /** Editions instead of colours: [zh, en, extra NT$]. */
  editions?: readonly (readonly [string, string, number])[];
}

/** Shorthand for the model lists. */
export const m = (
  brand: string,
  category: string,
  model: Model['model'],
  kind: KindKey,
  price: number,
  finishes: readonly FinishKey[],
  features: readonly FeatureKey[],
  specs: Model['specs'],
  editions?: Model['editions'],
): Model => ({ brand, category, model, kind, price, finishes, features, specs, ...(editions ? { editions } : {}) });
