import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../config.ts';
import type { ApiClientError } from '../../lib/api/client.ts';
import type { WishlistItem } from '../../lib/api/wishlist.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { addToCart } from '../../stores/cart.ts';
import { $wishlist, loadWishlist, removeFromWishlist } from '../../stores/wishlist.ts';
import { MemberFrame } from '../member/MemberFrame.tsx';
import './wishlist.css';

const pageOf = (search: string) => {
  const n = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
const hrefOf = (locale: Locale, page: number) =>
  `${localePath(locale, '/member/wishlist')}${page > 1 ? `?page=${page}` : ''}`;

function stockText(locale: Locale, i: WishlistItem): string {
  if (i.stockState === 'withdrawn') return t(locale, 'wishlist.gone');
  if (i.stockState === 'out') return t(locale, 'product.outOfStock');
  return t(locale, i.stockState === 'low' ? 'wishlist.low' : 'product.inStock');
}

function Item({ locale, i }: { locale: Locale; i: WishlistItem }) {
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const href = localePath(locale, `/brands/${i.product.brand.slug}/${i.product.slug}?sku=${encodeURIComponent(i.sku)}`);
  const canBuy = i.stockState === 'in' || i.stockState === 'low';
  const add = () => {
    setBusy(true);
    addToCart(i.sku, 1)
      .then(() => setSaid(t(locale, 'wishlist.added', { name: i.product.name })))
      .catch((e: ApiClientError) => setSaid(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <li data-sku={i.sku}>
      {i.image.src ? <img src={i.image.src} alt="" width={64} height={64} loading="lazy" /> : <span />}
      <div>
        <p className="sw-muted">{i.product.brand.name}</p>
        <p>
          <a href={href}>{i.product.name}</a>
          {i.option ? ` · ${i.option}` : ''}
        </p>
        <p>
          <strong>{formatPrice(i.price)}</strong>
          {i.compareAtPrice !== null && i.compareAtPrice > i.price && <s> {formatPrice(i.compareAtPrice)}</s>}
          <span className={`sw-wish-stock ${i.stockState}`}> {stockText(locale, i)}</span>
        </p>
        <p role="status" className="sw-wish-said">
          {said}
        </p>
      </div>
      <div className="sw-wish-actions">
        <button type="button" className="btn" disabled={!canBuy || busy} onClick={add}>
          {t(locale, 'product.addToCart')}
        </button>
        <button
          type="button"
          className="btn ghost"
          aria-label={t(locale, 'wishlist.removeItem', { name: i.product.name })}
          onClick={() => void removeFromWishlist(i.sku)}
        >
          {t(locale, 'wishlist.remove')}
        </button>
      </div>
    </li>
  );
}

function List({ locale }: { locale: Locale }) {
  const { page, loading } = useStore($wishlist);
  useEffect(() => {
    void loadWishlist(pageOf(location.search));
  }, []);
  if (!page || (loading && !page)) return <p aria-busy="true">{t(locale, 'auth.loading')}</p>;
  if (page.data.length === 0)
    return (
      <div className="sw-empty">
        <p>{t(locale, 'wishlist.empty')}</p>
        <a className="btn" href={localePath(locale, '/')}>
          {t(locale, 'member.orders.shop')}
        </a>
      </div>
    );
  return (
    <>
      <ul className="sw-orders-list sw-wishlist" aria-label={t(locale, 'wishlist.title')}>
        {page.data.map((i) => (
          <Item key={i.sku} locale={locale} i={i} />
        ))}
      </ul>
      {page.pageCount > 1 && (
        <nav className="sw-orders-pager" aria-label={t(locale, 'orders.pages')}>
          {page.current > 1 && (
            <a href={hrefOf(locale, page.current - 1)} rel="prev">
              {t(locale, 'orders.prev')}
            </a>
          )}
          <span>{t(locale, 'orders.pageOf', { page: page.current, pages: page.pageCount })}</span>
          {page.current < page.pageCount && (
            <a href={hrefOf(locale, page.current + 1)} rel="next">
              {t(locale, 'orders.next')}
            </a>
          )}
        </nav>
      )}
    </>
  );
}

/** The member's wishlist (issue 32): each saved option at today's price and stock; add to cart, remove; paged. */
export default function WishlistView({ locale }: { locale: Locale }) {
  return (
    <MemberFrame
      locale={locale}
      current="wishlist"
      title={t(locale, 'wishlist.title')}
      lead={t(locale, 'wishlist.lead')}
    >
      {() => <List locale={locale} />}
    </MemberFrame>
  );
}
