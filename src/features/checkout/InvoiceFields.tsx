import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import type { InvoiceType } from '../../lib/api/order-types.ts';
import { fieldId, INVOICE_TYPES } from '../../lib/checkout/draft.ts';
import { type MessageKey, t } from '../../lib/i18n/messages/index.ts';
import { CHARITIES } from '../../lib/taiwan/charities.ts';
import { $checkout, updateDraft } from '../../stores/checkout.ts';
import { TextField } from './fields.tsx';

const KIND_LABEL: Record<InvoiceType, MessageKey> = {
  member: 'invoice.kind.member',
  mobile: 'invoice.kind.mobile',
  certificate: 'invoice.kind.citizen',
  donation: 'invoice.kind.donation',
  company: 'invoice.kind.company',
};

/** Donation: a few well-known charities to pick, or any donation code. */
function Donation({ locale }: { locale: Locale }) {
  const { draft, errors } = useStore($checkout);
  return (
    <>
      <fieldset className="sw-co-charities">
        <legend>{t(locale, 'invoice.charities')}</legend>
        <div className="sw-co-brands">
          {CHARITIES.map((c) => (
            <button
              key={c.code}
              type="button"
              className="sw-button"
              aria-pressed={draft.code === c.code}
              onClick={() => updateDraft({ code: c.code }, ['invoice.code'])}
            >
              {locale === 'en' ? c.en : c.zh}（{c.code}）
            </button>
          ))}
        </div>
      </fieldset>
      <TextField
        field="invoice.code"
        label={t(locale, 'invoice.field.donationCode')}
        inputMode="numeric"
        value={draft.code}
        error={errors['invoice.code']}
        onValue={(code) => updateDraft({ code }, ['invoice.code'])}
      />
    </>
  );
}

/** The e-invoice: member carrier, mobile barcode, citizen certificate, donation or a company invoice. */
export function InvoiceFields({ locale }: { locale: Locale }) {
  const { draft, errors } = useStore($checkout);
  const type = draft.invoiceType;
  return (
    <fieldset className="sw-co-section">
      <legend>{t(locale, 'checkout.invoice')}</legend>
      <div className="sw-co-options">
        {INVOICE_TYPES.map((k, i) => {
          const id = i === 0 ? fieldId('invoice.type') : `co-invoice-${k}`;
          return (
            <div key={k} className="sw-co-option">
              <input
                type="radio"
                id={id}
                name="invoice.type"
                value={k}
                checked={type === k}
                onChange={() => updateDraft({ invoiceType: k }, ['invoice.type', 'invoice.carrier'])}
              />
              <label htmlFor={id}>{t(locale, KIND_LABEL[k])}</label>
            </div>
          );
        })}
      </div>
      {(type === 'mobile' || type === 'certificate') && (
        <TextField
          field="invoice.carrier"
          label={t(locale, type === 'mobile' ? 'invoice.field.mobileBarcode' : 'invoice.field.citizenCert')}
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={type === 'mobile' ? '/ABC1234' : 'AB12345678901234'}
          value={draft.carrier}
          error={errors['invoice.carrier']}
          onValue={(carrier) => updateDraft({ carrier }, ['invoice.carrier'])}
        />
      )}
      {type === 'donation' && <Donation locale={locale} />}
      {type === 'company' && (
        <>
          <TextField
            field="invoice.taxId"
            label={t(locale, 'invoice.field.taxId')}
            inputMode="numeric"
            maxLength={8}
            value={draft.taxId}
            error={errors['invoice.taxId']}
            onValue={(taxId) => updateDraft({ taxId }, ['invoice.taxId'])}
          />
          <TextField
            field="invoice.title"
            label={t(locale, 'invoice.field.companyName')}
            autoComplete="organization"
            value={draft.title}
            error={errors['invoice.title']}
            onValue={(title) => updateDraft({ title }, ['invoice.title'])}
          />
        </>
      )}
    </fieldset>
  );
}
