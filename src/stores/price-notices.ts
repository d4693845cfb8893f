/** A line as the moved-price notice sees it. */
interface Priced {
  unitPrice: number;
  priceChangedFrom: number | null;
}

/**
 * The server reports a moved price until the shopper has been shown it; once shown, the notice stays
 * on this page beside its line (while the price is still the one shown), whatever the next answer
 * says. `next` with the notices `before` showed carried over, lines matched by `key`.
 */
export function keepPriceNotices<L extends Priced>(next: L[], before: L[], key: (line: L) => string | number): L[] {
  const shown = new Map(before.filter((l) => l.priceChangedFrom !== null).map((l) => [key(l), l]));
  if (!shown.size) return next;
  return next.map((l) => {
    const old = shown.get(key(l));
    return l.priceChangedFrom === null && old && old.unitPrice === l.unitPrice
      ? { ...l, priceChangedFrom: old.priceChangedFrom }
      : l;
  });
}
