import { describe, expect, it } from 'vitest';
import { productCardHtml } from '../../src/features/catalog/cards.ts';
import { mediaSrcset } from '../../src/lib/media.ts';

const photo = '/media/products/0123456789abcdef0123-960.webp';

describe("the shop's own photos in the pages", () => {
  it('offers the three stored widths in WebP and AVIF', () => {
    expect(mediaSrcset(photo, 'webp')).toBe(
      '/media/products/0123456789abcdef0123-480.webp 480w, /media/products/0123456789abcdef0123-960.webp 960w, /media/products/0123456789abcdef0123-1600.webp 1600w',
    );
    expect(mediaSrcset(photo, 'avif')).toContain('-1600.avif 1600w');
  });

  it('leaves any other image as it is', () => {
    expect(mediaSrcset('/images/products/sony-wh-1000xm6-1.svg', 'webp')).toBeNull();
    expect(mediaSrcset('/media/products/0123456789abcdef0123-480.webp', 'webp')).toBeNull();
  });

  it('draws a card with a picture for a stored photo and a plain img otherwise', () => {
    const card = (src: string) =>
      productCardHtml(
        {
          slug: 'x',
          name: 'X',
          brand: { slug: 'b', name: 'B' },
          price: 100,
          compareAtPrice: null,
          inStock: true,
          image: { src, width: 960, height: 720, alt: '' },
        } as never,
        { href: '/x', labels: { outOfStock: 'Sold out', sale: 'Sale', compareAt: 'Was' } } as never,
      );
    expect(card(photo)).toContain(
      '<picture><source type="image/avif" srcset="/media/products/0123456789abcdef0123-480.avif 480w',
    );
    expect(card(photo)).toContain(`<img src="${photo}" srcset=`);
    expect(card('/images/a.svg')).toContain('<img src="/images/a.svg" width="960"');
    expect(card('/images/a.svg')).not.toContain('<picture>');
  });
});
