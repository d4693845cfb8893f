// @ts-check
/**
 * How the browser's modules are grouped into files (Rolldown's `output.codeSplitting.groups`).
 *
 * The page runtime (the scripts of src/layouts/BaseLayout.astro and src/components/Header.astro)
 * is loaded by every page, and so is every module it imports statically. Left to the default
 * splitting they arrived as a dozen files of a few hundred bytes, each with its own request and
 * about 280 bytes of response headers; one file for all of them costs less on every page. Only
 * modules the runtime reaches by static imports are grouped: what it loads on demand stays apart.
 * React's pieces are one file likewise.
 */

/** Astro's module ids of the page runtime's two scripts. */
const RUNTIME_ENTRY = /[\\/]src[\\/](layouts[\\/]BaseLayout|components[\\/]Header)\.astro\?astro&type=script/;

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

/** @returns {NonNullable<import('rolldown').CodeSplittingOptions['groups']>} */
export function chunkGroups() {
  /** Every module id of the current pass (Rolldown offers them all before its first `name` call). */
  const ids = new Set();
  /** @type {Set<string> | null} */
  let runtime = null;
  return [
    {
      test: (id) => {
        // A new bundling pass (the server's build, then the browser's): start over.
        if (runtime) {
          runtime = null;
          ids.clear();
        }
        ids.add(id);
        return true;
      },
      name: (id, ctx) => {
        runtime ??= staticImports(
          ctx,
          [...ids].filter((m) => RUNTIME_ENTRY.test(m)),
        );
        return runtime.has(id) ? 'runtime' : null;
      },
    },
    // React, its DOM renderer and Astro's React client: one file that every island page loads (and
    // keeps in its cache), instead of six.
    { name: 'react', test: REACT },
  ];
}
