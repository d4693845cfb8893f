/** snake_case ⇄ camelCase for wire keys (spec section 7). Arrays and plain objects are walked. */
const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

export const toCamel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
export const toSnake = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

function mapKeys(value: unknown, fn: (k: string) => string, deep: boolean): unknown {
  if (Array.isArray(value)) return deep ? value.map((v) => mapKeys(v, fn, deep)) : value;
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '__proto__') continue;
    out[fn(k)] = deep ? mapKeys(v, fn, deep) : v;
  }
  return out;
}

export const camelKeys = <T = unknown>(value: unknown): T => mapKeys(value, toCamel, true) as T;
export const snakeKeys = <T = unknown>(value: unknown, deep = true): T => mapKeys(value, toSnake, deep) as T;
