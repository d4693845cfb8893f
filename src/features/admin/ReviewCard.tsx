import { type FormEvent, useId, useState } from 'react';
import type { Locale } from '../../config.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { adminApi, messageOf } from './api.ts';
import { when } from './display.ts';
import { translator } from './i18n.ts';
import { adminPath } from './paths.ts';
import { type ConsoleReview, reviewActions } from './review-types.ts';
import { Button, Field, Notice } from './ui.tsx';

const REVIEW_REASON_MAX = 200;
const REVIEW_REPLY_MAX = 2000;

type Open = '' | 'hide' | 'unhide' | 'reply';

/**
 * One review as the shop reads it (its text as text, never HTML), and what its state allows: publish
 * a pending one, hide or unhide with a reason, the shop's public reply written or edited ('' removes
 * it). Each action goes through the console's API (audited there); the card then shows the answer.
 */
export function ReviewCard(props: { locale: Locale; review: ConsoleReview; onDone: (r: ConsoleReview) => void }) {
  const { locale, review: r } = props;
  const t = translator(locale);
  const headingId = useId();
  const [open, setOpen] = useState<Open>('');
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [ok, setOk] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  async function run(action: string, body: Record<string, unknown> | undefined, done: string) {
    if (busy) return;
    setBusy(action);
    setError('');
    setOk('');
    setFields({});
    try {
      const answer = await adminApi.post<ConsoleReview>(`/api/admin/reviews/${r.id}/${action}`, body ? { body } : {});
      setOpen('');
      setOk(done);
      props.onDone(answer);
    } catch (e) {
      if (e instanceof ApiClientError && Object.keys(e.fields).length) setFields(e.fields);
      else setError(messageOf(e, t('admin.error.generic')));
    } finally {
      setBusy('');
    }
  }

  function withReason(action: 'hide' | 'unhide', done: string) {
    return (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim();
      if (!reason) {
        setFields({ reason: t('admin.reviews.reasonRequired') });
        (e.currentTarget.elements.namedItem('reason') as HTMLInputElement | null)?.focus();
        return;
      }
      void run(action, { reason }, done);
    };
  }

  function reply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const text = String(new FormData(e.currentTarget).get('reply') ?? '').trim();
    void run('reply', { reply: text }, text ? t('admin.reviews.replyDone') : t('admin.reviews.replyRemoved'));
  }

  const toggle = (what: Open) => {
    setFields({});
    setOpen(open === what ? '' : what);
  };
  const actions = reviewActions(r);
  const replyId = `${headingId}-reply`;
  return (
    <article className="sw-admin-review" aria-labelledby={headingId}>
      <h2 id={headingId}>{r.title || t('admin.reviews.noTitle')}</h2>
      <p>
        <span className="sw-admin-stars" role="img" aria-label={t('admin.reviews.rating', { stars: r.stars })}>
          {'★'.repeat(r.stars)}
          {'☆'.repeat(5 - r.stars)}
        </span>{' '}
        · {r.product.name} · {t(`admin.reviews.state.${r.state}`)}
      </p>
      {r.body && <p className="sw-admin-review-body">{r.body}</p>}
      <ul className="sw-admin-review-facts">
        <li>
          {r.variant
            ? t('admin.reviews.variant', { variant: r.variant, bought: r.bought })
            : t('admin.reviews.boughtIn', { bought: r.bought })}
        </li>
        <li>
          <a href={adminPath(locale, 'order', `?no=${encodeURIComponent(r.orderNo)}`)}>
            {t('admin.order.title', { no: r.orderNo })}
          </a>{' '}
          · {t(`admin.reviews.writer.${r.writer}`)} · {t('admin.reviews.written', { at: when(r.createdAt, locale) })}
        </li>
        <li>
          {t('admin.reviews.reports', { count: r.reportCount })} ·{' '}
          {t('admin.reviews.helpful', { count: r.helpfulCount })}
        </li>
        {r.state === 'hidden' && r.hiddenReason && (
          <li>{t('admin.reviews.hiddenReason', { reason: r.hiddenReason })}</li>
        )}
      </ul>
      {r.reply && (
        <div className="sw-admin-review-reply">
          <h3>{t('admin.reviews.reply')}</h3>
          <p className="sw-admin-review-body">{r.reply.body}</p>
        </div>
      )}
      <div className="sw-admin-actions">
        {actions.includes('publish') && (
          <Button
            primary
            busy={busy === 'publish'}
            onClick={() => void run('publish', undefined, t('admin.reviews.publishedNow'))}
          >
            {t('admin.reviews.publish')}
          </Button>
        )}
        {actions.includes('hide') && (
          <Button aria-expanded={open === 'hide'} onClick={() => toggle('hide')}>
            {t('admin.reviews.hide')}
          </Button>
        )}
        {actions.includes('unhide') && (
          <Button aria-expanded={open === 'unhide'} onClick={() => toggle('unhide')}>
            {t('admin.reviews.unhide')}
          </Button>
        )}
        <Button aria-expanded={open === 'reply'} onClick={() => toggle('reply')}>
          {r.reply ? t('admin.reviews.replyEdit') : t('admin.reviews.replyWrite')}
        </Button>
      </div>
      {(open === 'hide' || open === 'unhide') && (
        <form
          className="sw-admin-form"
          noValidate
          onSubmit={
            open === 'hide'
              ? withReason('hide', t('admin.reviews.hiddenNow'))
              : withReason('unhide', t('admin.reviews.unhiddenNow'))
          }
        >
          <Field label={t('admin.reviews.reason')} name="reason" maxLength={REVIEW_REASON_MAX} error={fields.reason} />
          <Button type="submit" primary busy={busy === open}>
            {open === 'hide' ? t('admin.reviews.hideConfirm') : t('admin.reviews.unhideConfirm')}
          </Button>
        </form>
      )}
      {open === 'reply' && (
        <form className="sw-admin-form" noValidate onSubmit={reply}>
          <div className="sw-field">
            <label htmlFor={replyId}>{t('admin.reviews.replyLabel')}</label>
            <textarea
              id={replyId}
              name="reply"
              rows={4}
              maxLength={REVIEW_REPLY_MAX}
              defaultValue={r.reply?.body ?? ''}
              aria-invalid={fields.reply ? true : undefined}
              aria-describedby={fields.reply ? `${replyId}-error` : `${replyId}-hint`}
            />
            {fields.reply ? (
              <p id={`${replyId}-error`} className="sw-field-error" role="alert">
                {fields.reply}
              </p>
            ) : (
              <p id={`${replyId}-hint`} className="sw-admin-hint">
                {t('admin.reviews.replyHint')}
              </p>
            )}
          </div>
          <Button type="submit" primary busy={busy === 'reply'}>
            {t('admin.reviews.replySave')}
          </Button>
        </form>
      )}
      <Notice error={error} ok={ok} />
    </article>
  );
}
