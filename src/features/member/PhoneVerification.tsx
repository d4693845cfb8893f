import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatMobile } from '../../lib/taiwan/phone.ts';
import { z } from '../../lib/zod.ts';
import { $auth, verifyPhone } from '../../stores/auth.ts';
import { CodeField } from '../auth/field-groups.tsx';
import { FormMessages, formValues, SubmitButton } from '../auth/fields.tsx';
import { createForm } from '../auth/form.ts';
import { OtpButton } from '../auth/OtpButton.tsx';
import { createOtpSender } from '../auth/otp.ts';
import { rules } from '../auth/validation.ts';
import { MemberFrame } from './MemberFrame.tsx';
import { NewPhoneVerification } from './NewPhoneVerification.tsx';

const schema = z.object({ code: rules.code() });
const verifyForm = createForm();
const otp = createOtpSender('verify');

/** Verify the member's phone: send a code to it, enter the code; phoneVerify becomes true. */
export default function PhoneVerification({ locale }: { locale: Locale }) {
  return (
    <MemberFrame locale={locale} current="phone" title={t(locale, 'member.phone.title')}>
      {() => <Verify locale={locale} />}
    </MemberFrame>
  );
}

function Verify({ locale }: { locale: Locale }) {
  const { userInfo } = useStore($auth);
  const form = useStore(verifyForm.$form);
  const sending = useStore(otp.$form);
  if (!userInfo) return null;
  const phone = formatMobile(userInfo.phone);
  if (userInfo.phoneVerify) {
    return <FormMessages message="" notice={form.notice || t(locale, 'member.phone.already', { phone })} />;
  }
  // A member made from a LINE account has no number yet: it is typed here, then verified.
  if (!userInfo.phone) return <NewPhoneVerification locale={locale} />;
  return (
    <>
      <p>{t(locale, 'member.phone.intro', { phone })}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verifyForm.submit(schema, formValues(event.currentTarget), locale, async (v) => {
            await verifyPhone(v.code);
            return t(locale, 'member.phone.done');
          });
        }}
      >
        <CodeField
          label={t(locale, 'member.phone.code')}
          error={form.fields.code}
          addon={<OtpButton sender={otp} locale={locale} onSend={() => void otp.send(userInfo.phone, locale)} />}
          hint={<FormMessages message={sending.fields.phone ?? sending.message} notice={sending.notice} />}
        />
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
