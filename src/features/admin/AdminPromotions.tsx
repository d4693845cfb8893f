import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { adminApi, messageOf } from './api.ts';
import { price, when } from './display.ts';
import { translator } from './i18n.ts';
import { PromotionForm } from './PromotionForm.tsx';
import { Button, Notice, Section, Table } from './ui.tsx';

interface Promotion {
  id: number;
  code: string | null;
  nameZh: string;
  nameEn: string;
  offAmount: number | null;
  offPercent: number | null;
  cap: number | null;
  minSpend: number | null;
  maxUses: number | null;
  used: number;
  startsAt: number | null;
  endsAt: number | null;
  disabledAt: number | null;
}

function Body({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(locale), [locale]);
  const [list, setList] = useState<Promotion[] | null>(null);
  const [error, setError] = useState('');
  const [ok, setOk] = useState('');
  const load = useCallback(() => {
    adminApi
      .get<{ data: Promotion[] }>('/api/admin/promotions')
      .then((r) => setList(r.data))
      .catch((e) => setError(messageOf(e, t('admin.error.generic'))));
  }, [t]);
  useEffect(load, [load]);

  const nameOf = (p: Promotion) => p.code ?? (locale === 'en' ? p.nameEn || p.nameZh : p.nameZh);

  async function disable(p: Promotion) {
    setError('');
    setOk('');
    try {
      await adminApi.post(`/api/admin/promotions/${p.id}/disable`);
      setOk(t('admin.promo.disabledNow', { name: nameOf(p) }));
      load();
    } catch (e) {
      setError(messageOf(e, t('admin.error.generic')));
    }
  }

  const terms = (p: Promotion) =>
    [
      p.offAmount ? t('admin.promo.offAmount', { amount: price(p.offAmount) }) : '',
      p.offPercent ? t('admin.promo.offPercent', { percent: p.offPercent }) : '',
      p.minSpend ? t('admin.promo.minSpend', { amount: price(p.minSpend) }) : '',
    ]
      .filter(Boolean)
      // Each term whole on its line: an amount is never broken.
      .map((term, i) => (
        <span key={term}>
          {i > 0 && ' · '}
          <span className="sw-nowrap">{term}</span>
        </span>
      ));

  return (
    <>
      <Notice error={error} ok={ok} />
      <Section title={t('admin.promo.list')}>
        {list && list.length === 0 && <p>{t('admin.promo.empty')}</p>}
        {list && list.length > 0 && (
          <Table label={t('admin.promo.list')}>
            <thead>
              <tr>
                <th scope="col">{t('admin.promo.name')}</th>
                <th scope="col">{t('admin.promo.terms')}</th>
                <th scope="col">{t('admin.promo.period')}</th>
                <th scope="col">{t('admin.promo.used')}</th>
                <th scope="col">{t('admin.promo.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.id}>
                  <td className="sw-card-1">
                    {nameOf(p)}
                    <br />
                    <span className="muted">{p.code ? t('admin.promo.code') : t('admin.promo.auto')}</span>
                  </td>
                  <td>{terms(p)}</td>
                  <td>
                    <span className="sw-nowrap">{when(p.startsAt, locale)}</span> –{' '}
                    <span className="sw-nowrap">{when(p.endsAt, locale)}</span>
                  </td>
                  <td className="sw-nowrap">
                    {p.used}
                    {p.maxUses ? ` / ${p.maxUses}` : ''}
                  </td>
                  <td>
                    {p.disabledAt ? (
                      t('admin.promo.disabled')
                    ) : (
                      <Button onClick={() => void disable(p)}>{t('admin.promo.disable', { name: nameOf(p) })}</Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
      <PromotionForm locale={locale} kind="code" onAdded={load} />
      <PromotionForm locale={locale} kind="auto" onAdded={load} />
    </>
  );
}

/** Promotions (the owner's): the list, adding a code or an automatic promotion, disabling one. */
export default function AdminPromotions({ locale }: { locale: Locale }) {
  return (
    <AdminFrame locale={locale} current="promotions" title={translator(locale)('admin.promo.title')}>
      {() => <Body locale={locale} />}
    </AdminFrame>
  );
}
