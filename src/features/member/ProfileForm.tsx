import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import type { Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { loadRegions, type RegionCity } from '../../lib/taiwan/index.ts';
import { formatMobile } from '../../lib/taiwan/phone.ts';
import { $auth, updateProfile } from '../../stores/auth.ts';
import { Field, FormMessages, formValues, SubmitButton } from '../auth/fields.tsx';
import { createForm } from '../auth/form.ts';
import { rules } from '../auth/validation.ts';
import { MemberFrame } from './MemberFrame.tsx';

const schema = z.object({
  name: rules.required(),
  email: rules.optionalEmail(),
  city: z.string(),
  area: z.string(),
  addr: z.string().trim(),
});
const profileForm = createForm();

type Regions = Awaited<ReturnType<typeof loadRegions>>;

/** The Taiwan address: city, then district; the zip follows from both (empty when either is missing). */
function AddressFields(props: { locale: Locale; city: string; area: string; fields: Record<string, string> }) {
  const { locale } = props;
  const [regions, setRegions] = useState<Regions | null>(null);
  const [city, setCity] = useState('');
  const [area, setArea] = useState('');
  useEffect(() => {
    void loadRegions().then((r) => {
      setRegions(r);
      // Stored names may say 台 or be in English: show them as the official entry.
      const found = r.findCity(props.city);
      setCity(found?.zh ?? '');
      setArea(r.findDistrict(props.city, props.area)?.zh ?? '');
    });
  }, [props.city, props.area]);
  const name = (place: { zh: string; en: string }) => (locale === 'en' ? place.en : place.zh);
  const districts = regions?.districtsOf(city) ?? [];
  const zip = regions?.zipFor(city, area) ?? '';
  const choose = t(locale, 'member.profile.choose');
  return (
    <div className="sw-grid-3">
      <div className="sw-field">
        <label htmlFor="profile-city">{t(locale, 'member.profile.city')}</label>
        <select
          id="profile-city"
          name="city"
          value={city}
          disabled={!regions}
          onChange={(e) => {
            setCity(e.target.value);
            setArea('');
          }}
        >
          <option value="">{choose}</option>
          {regions?.CITIES.map((c: RegionCity) => (
            <option key={c.code} value={c.zh}>
              {name(c)}
            </option>
          ))}
        </select>
        {props.fields.city && <p className="sw-field-error">{props.fields.city}</p>}
      </div>
      <div className="sw-field">
        <label htmlFor="profile-area">{t(locale, 'member.profile.area')}</label>
        <select id="profile-area" name="area" value={area} disabled={!city} onChange={(e) => setArea(e.target.value)}>
          <option value="">{choose}</option>
          {districts.map((d) => (
            <option key={`${d.zip}-${d.zh}`} value={d.zh}>
              {name(d)}
            </option>
          ))}
        </select>
        {props.fields.area && <p className="sw-field-error">{props.fields.area}</p>}
      </div>
      <Field label={t(locale, 'member.profile.zipcode')} name="zipcode" value={zip} readOnly />
    </div>
  );
}

/** View and edit the profile: name, email and the Taiwan address. */
export default function ProfileForm({ locale }: { locale: Locale }) {
  return (
    <MemberFrame locale={locale} current="profile">
      {() => <Profile locale={locale} />}
    </MemberFrame>
  );
}

function Profile({ locale }: { locale: Locale }) {
  const { userInfo } = useStore($auth);
  const form = useStore(profileForm.$form);
  if (!userInfo) return null;
  return (
    <>
      <h1>{t(locale, 'member.profile.title')}</h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const values = formValues(event.currentTarget);
          void profileForm.submit(schema, values, locale, async (v) => {
            // A new email is sent (and waits for its link); an emptied one clears it.
            const emailChanged = v.email !== userInfo.email;
            await updateProfile({
              name: v.name,
              ...(emailChanged ? { email: v.email } : {}),
              city: v.city,
              area: v.area,
              zipcode: String(values.zipcode ?? ''),
              addr: v.addr,
            });
            const saved = t(locale, 'member.profile.saved');
            return emailChanged && v.email ? `${saved} ${t(locale, 'member.profile.emailPending')}` : saved;
          });
        }}
      >
        <p>
          <strong>{t(locale, 'member.profile.phone')}</strong>: {formatMobile(userInfo.phone)}
          <span className="sw-badge">
            {t(locale, userInfo.phoneVerify ? 'member.profile.verified' : 'member.profile.unverified')}
          </span>
        </p>
        <Field
          label={t(locale, 'member.profile.name')}
          name="name"
          autoComplete="name"
          defaultValue={userInfo.name}
          required
          error={form.fields.name}
        />
        <Field
          label={t(locale, 'member.profile.email')}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={userInfo.email}
          error={form.fields.email}
        />
        <AddressFields locale={locale} city={userInfo.city} area={userInfo.area} fields={form.fields} />
        <Field
          label={t(locale, 'member.profile.addr')}
          name="addr"
          autoComplete="street-address"
          defaultValue={userInfo.addr}
          error={form.fields.addr}
        />
        <FormMessages message={form.message} notice={form.notice} />
        <SubmitButton
          pending={form.pending}
          label={t(locale, 'member.profile.save')}
          pendingLabel={t(locale, 'auth.pending')}
        />
      </form>
    </>
  );
}
