import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { AddressPickers } from '../../components/AddressPickers.tsx';
import type { Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatMobile } from '../../lib/taiwan/phone.ts';
import { $auth, updateProfile } from '../../stores/auth.ts';
import { Field, FormMessages, formValues, SubmitButton } from '../auth/fields.tsx';
import { createForm } from '../auth/form.ts';
import { LineAccount } from './LineAccount.tsx';
import { MemberFrame } from './MemberFrame.tsx';

const profileForm = createForm();

/**
 * The form's rules, fetched when the member first focuses a field (so they are in by the time the
 * form is sent) or sends it: zod is not part of the page's first load.
 */
let schemaLoad: Promise<typeof import('./profile-schema.ts')> | undefined;
const loadSchema = () => {
  schemaLoad ??= import('./profile-schema.ts');
  return schemaLoad;
};

/** The profile's address pickers, starting from the stored city and district. */
function AddressFields(props: { locale: Locale; city: string; area: string; fields: Record<string, string> }) {
  const [pick, setPick] = useState({ city: props.city, area: props.area });
  useEffect(() => setPick({ city: props.city, area: props.area }), [props.city, props.area]);
  return (
    <AddressPickers
      locale={props.locale}
      idPrefix="profile"
      city={pick.city}
      area={pick.area}
      onChange={(p) => setPick({ city: p.city, area: p.area })}
      errors={{ city: props.fields.city, area: props.fields.area }}
    />
  );
}

/** View and edit the profile: name, email and the Taiwan address. */
export default function ProfileForm({ locale }: { locale: Locale }) {
  return (
    <MemberFrame
      locale={locale}
      current="profile"
      title={t(locale, 'member.profile.title')}
      lead={t(locale, 'member.profile.lead')}
    >
      {() => (
        <>
          <Profile locale={locale} />
          <LineAccount locale={locale} />
        </>
      )}
    </MemberFrame>
  );
}

function Profile({ locale }: { locale: Locale }) {
  const { userInfo } = useStore($auth);
  const form = useStore(profileForm.$form);
  if (!userInfo) return null;
  return (
    <form
      noValidate
      onFocus={() => void loadSchema()}
      onSubmit={async (event) => {
        event.preventDefault();
        const values = formValues(event.currentTarget);
        const { profileSchema } = await loadSchema();
        void profileForm.submit(profileSchema, values, locale, async (v) => {
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
  );
}
