// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { chunkGroups } from './build/chunk-groups.mjs';
import { DEFAULT_LOCALE, LOCALES } from './src/config.ts';
import { customMediaPostcss, tokensPlugin } from './src/styles/tokens.ts';

/**
 * Static output in both locales: zh-TW at `/`, English under `/en/`. Pages are prerendered from the
 * shop API (src/lib/api/build.server.ts); the node adapter only serves on-demand routes, if any.
 * Astro's own prefetch stays off: the client runtime limits prefetching (spec section 9).
 */
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    {
      name: 'after-paint-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'after-paint', entrypoint: './src/scripts/after-paint.ts' }),
      },
    },
  ],
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always', concurrency: 4 },
  i18n: {
    locales: [...LOCALES],
    defaultLocale: DEFAULT_LOCALE,
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  prefetch: false,
  devToolbar: { enabled: false },
  // Pages keyed by a digest of what they show (src/lib/api/page-keys.server.ts) are copied from the
  // previous build when unchanged; scripts/build.ts keeps the cache beside the releases.
  experimental: { incrementalBuild: true },
  vite: {
    plugins: [tokensPlugin()],
    css: { postcss: { plugins: [customMediaPostcss] } },
    // The page runtime's modules in one file (build/chunk-groups.mjs).
    build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } } },
  },
});
