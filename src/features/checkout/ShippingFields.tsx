import { useStore } from '@nanostores/react';
import { AddressPickers } from '../../components/AddressPickers.tsx';
import type { Locale } from '../../config.ts';
import type { CvsBrand, ShippingMethodCode } from '../../lib/api/order-types.ts';
import { CVS_BRANDS, fieldId } from '../../lib/checkout/draft.ts';
import { type MessageKey, t } from '../../lib/i18n/messages/index.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { $checkout, openStoreMap, updateDraft } from '../../stores/checkout.ts';
import { FieldError, invalid, TextField } from './fields.tsx';

const BRAND_LABEL: Record<CvsBrand, MessageKey> = {
  UNIMART: 'checkout.cvs.UNIMART',
  FAMI: 'checkout.cvs.FAMI',
  HILIFE: 'checkout.cvs.HILIFE',
  OKMART: 'checkout.cvs.OKMART',
};

/** A button per store chain; each opens that chain's map. */
function BrandButtons(props: {
  locale: Locale;
  except?: CvsBrand;
  error?: string;
  describedBy: string;
  firstId?: string;
}) {
  const { mapPending } = useStore($checkout);
  const brands = CVS_BRANDS.filter((b) => b !== props.except);
  return (
    <div className="sw-co-brands">
      {brands.map((brand, i) => (
        <button
          key={brand}
          id={i === 0 ? props.firstId : undefined}
          type="button"
          className="sw-button"
          aria-disabled={mapPending}
          {...invalid('shipping.store', props.error, props.describedBy)}
          onClick={() => void openStoreMap(brand)}
        >
          {t(props.locale, BRAND_LABEL[brand])}
        </button>
      ))}
    </div>
  );
}

/** Store pickup: a button per brand opens its map; the store chosen there is shown, and can be changed. */
function StoreChoice({ locale }: { locale: Locale }) {
  const { quote, errors, mapPending } = useStore($checkout);
  const store = quote?.store;
  const error = errors['shipping.store'];
  if (store)
    return (
      <div className="sw-co-store">
        <p>
          <strong>{t(locale, 'checkout.cvs.chosen')}</strong>
        </p>
        <p>
          {store.brandName} {store.name}（{store.id}）
          <br />
          {store.address}
        </p>
        <button
          id={fieldId('shipping.store')}
          type="button"
          className="sw-button"
          aria-disabled={mapPending}
          onClick={() => void openStoreMap(store.brand)}
        >
          {t(locale, 'checkout.cvs.change')}
        </button>
        <FieldError field="shipping.store" text={error} />
        <p id="co-store-other">{t(locale, 'checkout.cvs.other')}</p>
        <BrandButtons locale={locale} except={store.brand} describedBy="co-store-other" />
      </div>
    );
  return (
    <div className="sw-co-store">
      <p id="co-store-hint">{t(locale, 'checkout.cvs.pick')}</p>
      <BrandButtons locale={locale} error={error} describedBy="co-store-hint" firstId={fieldId('shipping.store')} />
      <FieldError field="shipping.store" text={error} />
    </div>
  );
}

function feeText(locale: Locale, fee: number | undefined): string {
  if (fee === undefined) return '';
  return fee === 0 ? t(locale, 'checkout.fee.free') : formatPrice(fee);
}

/** Shipping method as the quote offers it (a method it refuses says why), then its details. */
export function ShippingFields({ locale }: { locale: Locale }) {
  const { draft, quote, errors } = useStore($checkout);
  const methods = quote?.shippingMethods ?? [];
  const choose = (method: ShippingMethodCode) => updateDraft({ method }, ['shipping.method', 'shipping.store']);
  const error = errors['shipping.method'];
  return (
    <fieldset className="sw-co-section">
      <legend>{t(locale, 'checkout.shipping')}</legend>
      <div className="sw-co-options">
        {methods.map((m, i) => {
          const reasonId = `co-ship-${m.code}-reason`;
          return (
            <div key={m.code} className="sw-co-option">
              <input
                type="radio"
                id={i === 0 ? fieldId('shipping.method') : `co-ship-${m.code}`}
                name="shipping.method"
                value={m.code}
                checked={draft.method === m.code}
                disabled={!m.available && draft.method !== m.code}
                onChange={() => choose(m.code)}
                {...invalid('shipping.method', error, m.reason ? reasonId : undefined)}
              />
              <label htmlFor={i === 0 ? fieldId('shipping.method') : `co-ship-${m.code}`}>
                {m.name} <span className="sw-muted">{m.available ? feeText(locale, m.fee) : ''}</span>
              </label>
              {m.reason && (
                <p id={reasonId} className="sw-co-reason">
                  {m.reason}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <FieldError field="shipping.method" text={error} />
      {draft.method === 'home' && (
        <>
          <AddressPickers
            locale={locale}
            idPrefix="co-shipping"
            city={draft.city}
            area={draft.area}
            errors={{ city: errors['shipping.city'], area: errors['shipping.area'] }}
            onChange={(p) => updateDraft(p, ['shipping.city', 'shipping.area'])}
          />
          <TextField
            field="shipping.addr"
            label={t(locale, 'member.profile.addr')}
            autoComplete="street-address"
            value={draft.addr}
            error={errors['shipping.addr']}
            onValue={(addr) => updateDraft({ addr }, ['shipping.addr'])}
          />
        </>
      )}
      {draft.method === 'cvs' && <StoreChoice locale={locale} />}
      {draft.method === 'shop' && <p className="sw-muted">{t(locale, 'checkout.shop.note')}</p>}
    </fieldset>
  );
}
