/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Base URL of the shop API for the browser; empty means same origin. */
  readonly PUBLIC_API_BASE?: string;
}

declare namespace astroHTML.JSX {
  interface ImgHTMLAttributes {
    /** Element Timing: the browser reports when this image is painted (see scripts/lib/script-priority.ts). */
    elementtiming?: string;
  }
}
