import { useEffect, useState } from 'react';
import type { Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { loadReviewForm } from '../../stores/reviews.ts';
import { useGuard } from '../auth/use-guard.ts';
import { ORDER_SLUG } from '../member/OrderDetail.tsx';
import { ReviewItems } from './ReviewForm.tsx';
import '../auth/forms.css';
import './reviews.css';

/** The order and the guest's key of the page's link (`?no=…&key=…`), or 'bad' when it has no order. */
type Link = { no: string; key?: string } | 'bad';

function linkOf(search: string): Link {
  const q = new URLSearchParams(search);
  const no = q.get('no') ?? '';
  const key = q.get('key') ?? undefined;
  return ORDER_SLUG.test(no) ? { no, ...(key ? { key } : {}) } : 'bad';
}

/** A member's form: shown once signed in (a guest is sent to sign in and brought back here). */
function Guarded({ locale, link }: { locale: Locale; link: { no: string; key?: string } }) {
  const stay = useGuard(link.key ? null : 'member', locale);
  useEffect(() => {
    if (stay) void loadReviewForm(link.no, link.key);
  }, [stay, link.no, link.key]);
  if (!stay) return <p aria-busy="true">{t(locale, 'auth.loading')}</p>;
  return <ReviewItems locale={locale} />;
}

/**
 * `/review?no=…` (a member's order) or `/review?no=…&key=…` (a guest's, with the private key of the
 * mail asking for reviews): the order's products, each with its review to write or change.
 */
export default function ReviewPage({ locale }: { locale: Locale }) {
  const [link, setLink] = useState<Link | null>(null);
  useEffect(() => setLink(linkOf(location.search)), []);
  return (
    <section className="sw-review-page">
      <h1>{t(locale, 'reviews.form.title')}</h1>
      {link === null ? (
        <p aria-busy="true">{t(locale, 'auth.loading')}</p>
      ) : link === 'bad' ? (
        <p role="alert">{t(locale, 'reviews.form.badLink')}</p>
      ) : (
        <Guarded locale={locale} link={link} />
      )}
    </section>
  );
}
