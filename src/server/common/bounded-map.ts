/**
 * Sets `key` in `map` as its newest entry; when the map already holds `max` others, the oldest
 * (first inserted or refreshed) goes. Map order is insertion order, so this is an LRU when readers
 * re-set what they use.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
