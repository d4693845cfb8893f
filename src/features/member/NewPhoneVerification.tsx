import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import { lineApi } from '../../lib/api/line.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { z } from '../../lib/zod.ts';
import { fetchUserInfo } from '../../stores/auth.ts';
import { PhoneCodeFields } from '../auth/field-groups.tsx';
import { FormMessages, formValues, SubmitButton } from '../auth/fields.tsx';
import { createForm } from '../auth/form.ts';
import { rules } from '../auth/validation.ts';
import { createNewPhoneSender } from './new-phone.ts';

const schema = z.object({ phone: rules.mobile(), code: rules.code() });
const verifyForm = createForm();
const otp = createNewPhoneSender();

/**
 * The phone-verification step of a member who has no number yet (one made from a LINE account):
 * the number, a code texted to it, and the number goes on the account verified.
 */
export function NewPhoneVerification({ locale }: { locale: Locale }) {
  const form = useStore(verifyForm.$form);
  return (
    <>
      <p>{t(locale, 'line.phone.intro')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verifyForm.submit(schema, formValues(event.currentTarget), locale, async (v) => {
            await lineApi.verifyPhone(v.phone, v.code);
            await fetchUserInfo();
            return t(locale, 'member.phone.done');
          });
        }}
      >
        <PhoneCodeFields otp={otp} locale={locale} fields={form.fields} />
        <FormMessages message={form.message} notice={form.notice} />
        <SubmitButton
          pending={form.pending}
          label={t(locale, 'member.phone.submit')}
          pendingLabel={t(locale, 'auth.pending')}
        />
      </form>
    </>
  );
}
