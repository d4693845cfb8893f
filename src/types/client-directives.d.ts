import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate once the first frame is painted (src/scripts/after-paint.ts). */
    'client:after-paint'?: boolean;
  }
}
