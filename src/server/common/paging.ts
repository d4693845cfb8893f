import { z } from 'zod';

/** Largest page any list route returns. */
export const MAX_PAGE_SIZE = 100;

/** A positive integer query parameter (the query string carries text), bounded to [min, max]. */
export const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { message: 'number' })
    .transform(Number)
    .pipe(z.number().int().min(min, { message: 'invalid' }).max(max, { message: 'invalid' }));

/** `page` and `page_size` (1-based), with the route's default size. */
export const pageParams = {
  page: intParam(1, 1_000_000).optional(),
  page_size: intParam(1, MAX_PAGE_SIZE).optional(),
};

/** Offset and limit for a 1-based page. */
export const window = (page: number, size: number) => ({ limit: size, offset: (page - 1) * size });
