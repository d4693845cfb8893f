/**
 * The few browser globals the client code touches (document.cookie, location, sessionStorage),
 * with real cookie-jar semantics: attributes are kept for assertions, an expiry in the past deletes.
 */
export interface StoredCookie {
  value: string;
  attributes: Record<string, string | true>;
}

export function installFakeBrowser(url = 'http://shop.test/') {
  const jar = new Map<string, StoredCookie>();
  const store = new Map<string, string>();
  const assigned: string[] = [];
  const loc = new URL(url);
  const location = {
    get pathname() {
      return loc.pathname;
    },
    get search() {
      return loc.search;
    },
    get protocol() {
      return loc.protocol;
    },
    get href() {
      return loc.href;
    },
    assign: (to: string) => void assigned.push(to),
    replace: (to: string) => void assigned.push(to),
    reload: () => void assigned.push('reload'),
  };
  const document = {
    get cookie() {
      return [...jar].map(([k, c]) => `${k}=${c.value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const attributes: Record<string, string | true> = {};
      for (const a of attrs) {
        const i = a.indexOf('=');
        attributes[(i < 0 ? a : a.slice(0, i)).toLowerCase()] = i < 0 ? true : a.slice(i + 1);
      }
      const expires = typeof attributes.expires === 'string' ? Date.parse(attributes.expires) : Number.NaN;
      const maxAge = typeof attributes['max-age'] === 'string' ? Number(attributes['max-age']) : Number.NaN;
      if (expires < Date.now() || maxAge <= 0) jar.delete(name);
      else jar.set(name, { value: pair.slice(eq + 1), attributes });
    },
  };
  const sessionStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
  };
  Object.assign(globalThis, { document, location, sessionStorage });
  return {
    jar,
    storage: store,
    assigned,
    /** Puts a cookie in the jar as the browser had it from an earlier page. */
    setCookie(name: string, value: string) {
      jar.set(name, { value: encodeURIComponent(value), attributes: { path: '/' } });
    },
    go(to: string) {
      const next = new URL(to, loc);
      loc.pathname = next.pathname;
      loc.search = next.search;
    },
    uninstall() {
      for (const k of ['document', 'location', 'sessionStorage']) delete (globalThis as Record<string, unknown>)[k];
    },
  };
}
