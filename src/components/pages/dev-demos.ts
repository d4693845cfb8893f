/** The component demo pages of spec section 2 (development only). */
export const DEMOS = [
  'animation',
  'data-display',
  'data-input',
  'example-page',
  'feature',
  'feedback',
  'global',
  'navigation',
  'widget',
];
/** Pages of the example-page demo (`/dev/example-page/{list|pagination}/{pi}`). */
export const EXAMPLE_PAGES = 3;
export const EXAMPLE_VARIANTS = ['list', 'pagination'];

/** Whether this build has the demo pages: development, or a test site built with DEV_PAGES=1. */
export const demosEnabled = (dev: boolean): boolean => dev || process.env.DEV_PAGES === '1';

export function demoPaths(): { params: { page: string | undefined } }[] {
  const examples = EXAMPLE_VARIANTS.flatMap((variant) =>
    Array.from({ length: EXAMPLE_PAGES }, (_, i) => ({ params: { page: `example-page/${variant}/${i + 1}` } })),
  );
  return [{ params: { page: undefined } }, ...DEMOS.map((page) => ({ params: { page } })), ...examples];
}
