import type { Locale } from '../../config.ts';
import { price, shippingLabel, stateLabel, when } from './display.ts';
import { translator } from './i18n.ts';
import type { OrderRow } from './order-types.ts';
import { adminPath } from './paths.ts';
import { Table } from './ui.tsx';

/** What waits for a person on an order: a refund, an invoice action, an unclaimed parcel. */
export function OrderFlags({ locale, row }: { locale: Locale; row: OrderRow }) {
  const t = translator(locale);
  return (
    <>
      {row.needsRefund && <span className="sw-admin-flag">{t('admin.flag.refund')}</span>}
      {row.invoiceActionNeeded && (
        <span className="sw-admin-flag">{t('admin.flag.invoice', { message: row.invoiceActionNeeded })}</span>
      )}
      {row.unclaimed && <span className="sw-admin-flag">{t('admin.flag.unclaimed')}</span>}
    </>
  );
}

/** A list of orders, each linking to its page; with `selected`, a checkbox a row (ship many). */
export function OrderTable(props: {
  locale: Locale;
  label: string;
  rows: OrderRow[];
  selected?: Set<string>;
  onSelect?: (no: string, on: boolean) => void;
}) {
  const { locale, rows, selected, onSelect } = props;
  const t = translator(locale);
  return (
    <Table label={props.label}>
      <thead>
        <tr>
          {selected && <th scope="col">{t('admin.col.select')}</th>}
          <th scope="col">{t('admin.col.no')}</th>
          <th scope="col">{t('admin.col.created')}</th>
          <th scope="col">{t('admin.col.receiver')}</th>
          <th scope="col">{t('admin.col.total')}</th>
          <th scope="col">{t('admin.col.state')}</th>
          <th scope="col">{t('admin.col.shipping')}</th>
          <th scope="col">{t('admin.col.flags')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.no}>
            {selected && (
              <td>
                <input
                  type="checkbox"
                  aria-label={t('admin.orders.selectOne', { no: r.no })}
                  checked={selected.has(r.no)}
                  onChange={(e) => onSelect?.(r.no, e.currentTarget.checked)}
                />
              </td>
            )}
            <td className="sw-card-1 sw-nowrap">
              <a href={adminPath(locale, 'order', `?no=${encodeURIComponent(r.no)}`)}>{r.no}</a>
            </td>
            <td data-label={t('admin.col.created')}>{when(r.createdAt, locale)}</td>
            <td data-label={t('admin.col.receiver')}>
              {r.receiverName}
              <br />
              <span className="sw-nowrap">{r.receiverPhone}</span>
            </td>
            <td className="sw-card-3 sw-nowrap">{price(r.total)}</td>
            <td className="sw-card-2">{stateLabel(locale, r.state)}</td>
            <td data-label={t('admin.col.shipping')}>{shippingLabel(locale, r.shippingMethod)}</td>
            <td>
              <OrderFlags locale={locale} row={r} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
