/**
 * Design tokens of spec section 9 turned into CSS: the breakpoints as custom media queries
 * (`@media (--tablet)` means `min-width: 1024px`) and the colours and radius as custom properties.
 * astro.config.mjs wires the PostCSS plugin and the token module, so src/config.ts stays the one
 * source of these figures.
 */
import { BORDER_RADIUS, BREAKPOINTS, THEME_COLORS } from '../config.ts';

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Media query of each breakpoint name in kebab case: `tablet-sm` → `(min-width: 768px)`. */
export const MEDIA: Record<string, string> = Object.fromEntries(
  Object.entries(BREAKPOINTS).map(([name, px]) => [kebab(name), `(min-width: ${px}px)`]),
);

/** Replaces every `(--name)` in a media query list with the breakpoint's query; unknown names throw. */
export function expandCustomMedia(params: string): string {
  return params.replace(/\(--([\w-]+)\)/g, (_, name: string) => {
    const query = MEDIA[name];
    if (!query) throw new Error(`Unknown breakpoint --${name}: use one of ${Object.keys(MEDIA).join(', ')}.`);
    return query;
  });
}

/** A PostCSS plugin (no dependency) that expands the breakpoint custom media in @media rules. */
export const customMediaPostcss = {
  postcssPlugin: 'shop-custom-media',
  AtRule: {
    media(rule: { params: string }) {
      rule.params = expandCustomMedia(rule.params);
    },
  },
};

/** `:root` custom properties for the theme colours (`--c-primary` ...) and `--radius`. */
export function themeTokensCss(): string {
  const colors = Object.entries(THEME_COLORS).map(([name, value]) => `--c-${kebab(name)}:${value};`);
  return `:root{${colors.join('')}--radius:${BORDER_RADIUS};}`;
}

/** Virtual module id of the token stylesheet. */
export const TOKENS_MODULE = 'virtual:shop-tokens.css';

/** A Vite plugin serving the token stylesheet (`import 'virtual:shop-tokens.css'`). */
export function tokensPlugin() {
  const resolved = `\0${TOKENS_MODULE}`;
  return {
    name: 'shop-tokens',
    enforce: 'pre' as const,
    resolveId(id: string) {
      return id === TOKENS_MODULE ? resolved : undefined;
    },
    load(id: string) {
      return id === resolved ? themeTokensCss() : undefined;
    },
  };
}
