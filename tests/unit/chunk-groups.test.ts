import { describe, expect, it } from 'vitest';
import { placeModules } from '../../build/chunk-groups.mjs';

/**
 * A browser module graph shaped like the shop's: the page runtime's script, a catalog page
 * script, a runtime-loaded session, and the purchase islands with what they share. Keys are module
 * ids; `imports` are static imports, `dynamic` the modules they load on demand.
 */
const ROOT = '/shop/';
const id = (path: string) => `${ROOT}${path}`;
interface Node {
  imports?: string[];
  dynamic?: string[];
  entry?: boolean;
}
const GRAPH: Record<string, Node> = {
  'src/layouts/BaseLayout.astro?astro&type=script&index=0&lang.ts': {
    entry: true,
    imports: ['src/scripts/runtime.ts', 'src/scripts/chrome.ts'],
  },
  'src/scripts/runtime.ts': { imports: ['src/config.ts'], dynamic: ['src/features/auth/session.ts'] },
  'src/scripts/chrome.ts': { imports: ['src/config.ts'] },
  'src/config.ts': {},
  'src/features/auth/session.ts': { imports: ['src/stores/auth.ts'] },
  'src/stores/auth.ts': { imports: ['src/lib/api/users.ts'] },
  'src/lib/api/users.ts': { imports: ['src/lib/api/client.ts'] },
  'src/lib/api/client.ts': { imports: ['node_modules/ofetch/dist/index.mjs', 'src/config.ts'] },
  'node_modules/ofetch/dist/index.mjs': {},
  // A catalog page's script shares the price formatter with the islands.
  'src/components/ListingPage.astro?astro&type=script&index=0&lang.ts': {
    entry: true,
    imports: ['src/lib/i18n/price.ts'],
  },
  'src/lib/i18n/price.ts': {},
  // The purchase islands.
  'src/features/cart/CartView.tsx': {
    entry: true,
    imports: ['src/features/auth/Pending.tsx', 'src/stores/auth.ts', 'src/lib/i18n/price.ts', 'src/stores/cart.ts'],
  },
  'src/features/checkout/CheckoutView.tsx': {
    entry: true,
    imports: ['src/features/auth/Pending.tsx', 'src/stores/cart.ts', 'src/features/checkout/email.ts'],
  },
  'src/features/member/OrdersList.tsx': {
    entry: true,
    imports: ['src/features/auth/Pending.tsx', 'src/lib/i18n/format.ts', 'src/lib/i18n/price.ts'],
  },
  'src/features/member/OrderDetail.tsx': {
    entry: true,
    imports: ['src/features/auth/Pending.tsx', 'src/lib/i18n/format.ts', 'src/lib/i18n/price.ts'],
  },
  'src/features/payment/PaymentView.tsx': { entry: true, imports: ['src/lib/i18n/format.ts'] },
  // Another island (not a purchase page) shares the form helpers.
  'src/features/auth/LoginForm.tsx': { entry: true, imports: ['src/features/auth/Pending.tsx'] },
  'src/features/auth/Pending.tsx': { imports: ['node_modules/react/index.js'] },
  'src/stores/cart.ts': {},
  'src/features/checkout/email.ts': { imports: ['node_modules/zod/v4/core/regexes.js'] },
  'node_modules/zod/v4/core/regexes.js': {},
  'src/lib/i18n/format.ts': { imports: ['node_modules/dayjs/dayjs.min.js'] },
  'node_modules/dayjs/dayjs.min.js': {},
  'node_modules/react/index.js': {},
};

/** The ChunkingContext Rolldown hands the groups, over GRAPH. */
function context() {
  const importers = (target: string, key: 'imports' | 'dynamic') =>
    Object.entries(GRAPH)
      .filter(([, n]) => n[key]?.includes(target))
      .map(([m]) => id(m));
  return {
    getModuleInfo(moduleId: string) {
      const path = moduleId.slice(ROOT.length);
      const node = GRAPH[path];
      if (!node) return null;
      return {
        id: moduleId,
        isEntry: node.entry ?? false,
        importedIds: (node.imports ?? []).map(id),
        dynamicallyImportedIds: (node.dynamic ?? []).map(id),
        importers: importers(path, 'imports'),
        dynamicImporters: importers(path, 'dynamic'),
      };
    },
  };
}

const place = placeModules(context() as never, Object.keys(GRAPH).map(id));
const where = (path: string) => place.get(id(path)) ?? '(own)';

describe('browser module groups', () => {
  it('the page runtime takes what its scripts import, and React is one file', () => {
    expect(where('src/scripts/runtime.ts')).toBe('runtime');
    expect(where('src/scripts/chrome.ts')).toBe('runtime');
    expect(where('src/config.ts')).toBe('runtime');
    expect(where('node_modules/react/index.js')).toBe('react');
  });

  it('the API client is its own file, and the session (loaded on demand by the runtime) another', () => {
    expect(where('src/lib/api/client.ts')).toBe('api');
    expect(where('node_modules/ofetch/dist/index.mjs')).toBe('api');
    expect(where('src/stores/auth.ts')).toBe('account');
    expect(where('src/lib/api/users.ts')).toBe('account');
  });

  it('what three or more purchase islands share, and only islands, is the shared file', () => {
    expect(where('src/features/auth/Pending.tsx')).toBe('shop');
  });

  it('a small module shared with a catalog script rides with the runtime, never in the islands’ file', () => {
    expect(where('src/lib/i18n/price.ts')).toBe('runtime');
  });

  it('what two islands share stays apart, and so does whatever imports a library kept apart', () => {
    expect(where('src/stores/cart.ts')).toBe('(own)');
    expect(where('src/features/checkout/email.ts')).toBe('(own)');
    // Three purchase islands import the date module, but it imports dayjs, which is kept apart.
    expect(where('src/lib/i18n/format.ts')).toBe('(own)');
    expect(where('node_modules/dayjs/dayjs.min.js')).toBe('(own)');
  });

  it('no module the shared file takes imports one that is left to the bundler', () => {
    for (const [m, group] of place) {
      if (group !== 'shop') continue;
      for (const dep of context().getModuleInfo(m)?.importedIds ?? []) expect(place.has(dep)).toBe(true);
    }
  });
});
