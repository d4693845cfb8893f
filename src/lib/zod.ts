/**
 * zod for browser code. zod compiles a fast parser of each object schema with `new Function` once it
 * has tried whether the page allows it; the shop's Content-Security-Policy does not ('unsafe-eval'),
 * so that try was a CSP violation in the browser's issues on every page with a form. Without the
 * compiled parser zod validates the same way; a form's few fields never notice. This module runs the
 * setting before any schema is built, so browser code imports `z` from here, never from 'zod'.
 */
import { z } from 'zod';

z.config({ jitless: true });

export type { ZodType } from 'zod';
export { z };
