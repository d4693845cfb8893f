/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Base URL of the shop API for the browser; empty means same origin. */
  readonly PUBLIC_API_BASE?: string;
}
