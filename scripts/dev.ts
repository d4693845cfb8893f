/**
 * `npm run dev`: Astro's development server on the shop in this process (scripts/lib/in-process-shop.ts),
 * or on API_BASE.
 */
import { dev } from 'astro';
import { installInProcessShop } from './lib/in-process-shop.ts';

installInProcessShop();
await dev({});
