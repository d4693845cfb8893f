import { describe, expect, it } from 'vitest';
import { reviewActions, viewQuery } from '../../src/features/admin/review-types.ts';

describe("the console's review tabs", () => {
  it('ask the list for what each tab holds; "new" follows how the shop moderates', () => {
    expect(viewQuery('new', 'pre')).toEqual({ state: 'pending' });
    expect(viewQuery('new', 'post')).toEqual({ state: 'published' });
    expect(viewQuery('reported', 'post')).toEqual({ state: 'published', reported: '1' });
    expect(viewQuery('hidden', 'pre')).toEqual({ state: 'hidden' });
    expect(viewQuery('', 'pre')).toEqual({});
  });

  it("offer what a review's state allows, as the API does", () => {
    expect(reviewActions({ state: 'pending' })).toEqual(['publish', 'hide']);
    expect(reviewActions({ state: 'published' })).toEqual(['hide']);
    expect(reviewActions({ state: 'hidden' })).toEqual(['unhide']);
  });
});
