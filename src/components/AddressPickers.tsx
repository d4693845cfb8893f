import { useEffect, useState } from 'react';
import type { Locale } from '../config.ts';
import { t } from '../lib/i18n/messages/index.ts';
import { loadRegions, type RegionCity } from '../lib/taiwan/index.ts';
import './address-pickers.css';

type Regions = Awaited<ReturnType<typeof loadRegions>>;

export interface AddressPick {
  city: string;
  area: string;
  zipcode: string;
}

interface Props {
  locale: Locale;
  /** Prefix of the controls' ids: `<idPrefix>-city`, `-area`, `-zipcode`. */
  idPrefix: string;
  city: string;
  area: string;
  onChange: (pick: AddressPick) => void;
  errors?: { city?: string; area?: string };
}

function ErrorText({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="sw-field-error" role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * The Taiwan address pickers: city, then district; the postal code follows from both (empty while
 * either is missing). The region table loads on demand. Stored names that say 台 or are in English
 * are shown as the official entry.
 */
export function AddressPickers(props: Props) {
  const { locale, idPrefix, errors = {} } = props;
  const [regions, setRegions] = useState<Regions | null>(null);
  useEffect(() => {
    void loadRegions().then(setRegions);
  }, []);
  const city = regions?.findCity(props.city)?.zh ?? '';
  const area = regions?.findDistrict(props.city, props.area)?.zh ?? '';
  const name = (place: { zh: string; en: string }) => (locale === 'en' ? place.en : place.zh);
  const districts = regions?.districtsOf(city) ?? [];
  const zip = regions?.zipFor(city, area) ?? '';
  const choose = t(locale, 'member.profile.choose');
  const aria = (key: 'city' | 'area') =>
    errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${idPrefix}-${key}-error` } : {};
  const change = (c: string, a: string) => props.onChange({ city: c, area: a, zipcode: regions?.zipFor(c, a) ?? '' });
  return (
    <div className="sw-grid-3">
      <div className="sw-field">
        <label htmlFor={`${idPrefix}-city`}>{t(locale, 'member.profile.city')}</label>
        <select
          id={`${idPrefix}-city`}
          name="city"
          value={city}
          disabled={!regions}
          onChange={(e) => change(e.target.value, '')}
          {...aria('city')}
        >
          <option value="">{choose}</option>
          {regions?.CITIES.map((c: RegionCity) => (
            <option key={c.code} value={c.zh}>
              {name(c)}
            </option>
          ))}
        </select>
        <ErrorText id={`${idPrefix}-city-error`} text={errors.city} />
      </div>
      <div className="sw-field">
        <label htmlFor={`${idPrefix}-area`}>{t(locale, 'member.profile.area')}</label>
        <select
          id={`${idPrefix}-area`}
          name="area"
          value={area}
          disabled={!city}
          onChange={(e) => change(city, e.target.value)}
          {...aria('area')}
        >
          <option value="">{choose}</option>
          {districts.map((d) => (
            <option key={`${d.zip}-${d.zh}`} value={d.zh}>
              {name(d)}
            </option>
          ))}
        </select>
        <ErrorText id={`${idPrefix}-area-error`} text={errors.area} />
      </div>
      <div className="sw-field">
        <label htmlFor={`${idPrefix}-zipcode`}>{t(locale, 'member.profile.zipcode')}</label>
        <input id={`${idPrefix}-zipcode`} name="zipcode" value={zip} readOnly />
      </div>
    </div>
  );
}
