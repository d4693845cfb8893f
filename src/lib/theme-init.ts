import { DARK_CLASS, THEME_STORAGE_KEY } from './theme.ts';

/** Inline head script: applies the stored theme now and again after every client-side page swap. */
export const THEME_INIT_SCRIPT = `(()=>{const a=()=>{let t;try{t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}document.documentElement.classList.toggle(${JSON.stringify(DARK_CLASS)},t==="dark")};a();document.addEventListener("astro:after-swap",a)})()`;
