import { describe, expect, it } from 'vitest';
import { DRIP, dripPieces } from '../e2e/support/layout-shifts.ts';

describe('the first-screen test’s slow network (dripPieces)', () => {
  const label = '<a class="btn ghost" href="/en/categories">Shop by category</a>';

  it('sends a page whole, in pieces of at most DRIP.bytes, each ending before a tag', () => {
    // The label would straddle a cut at DRIP.bytes: it arrives whole, with the tag that opens it.
    const body = Buffer.from(`${'<p>x</p>'.repeat(181)}${label}${'<p>y</p>'.repeat(400)}`);
    const at = body.indexOf('Shop by');
    expect(at).toBeLessThan(DRIP.bytes);
    expect(at + 'Shop by category'.length).toBeGreaterThan(DRIP.bytes);

    const pieces = dripPieces(body);
    expect(Buffer.concat(pieces).equals(body)).toBe(true);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(DRIP.bytes);
    for (const piece of pieces.slice(1)) expect(piece[0]).toBe('<'.charCodeAt(0));
    expect(pieces.some((piece) => piece.includes(label))).toBe(true);
  });

  it('cuts at DRIP.bytes where a stretch has no tag', () => {
    const body = Buffer.from('字'.repeat(2_000));
    const pieces = dripPieces(body);
    expect(Buffer.concat(pieces).equals(body)).toBe(true);
    expect(pieces[0]).toHaveLength(DRIP.bytes);
  });
});
