import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { z } from '../../lib/zod.ts';
import { changePassword } from '../../stores/auth.ts';
import { NewPasswordFields } from '../auth/field-groups.tsx';
import { Field, FormMessages, formValues, SubmitButton } from '../auth/fields.tsx';
import { createForm } from '../auth/form.ts';
import { rules, withConfirmation } from '../auth/validation.ts';
import { MemberFrame } from './MemberFrame.tsx';

const schema = withConfirmation(
  z.object({ currentPassword: rules.required(), newPassword: rules.newPassword(), confirm: z.string() }),
  (v) => v.newPassword,
);
const passwordForm = createForm();

/** Change the password: current, new and its confirmation; other sessions end on success. */
export default function ChangePasswordForm({ locale }: { locale: Locale }) {
  return (
    <MemberFrame locale={locale} current="change-password" title={t(locale, 'member.password.title')}>
      {() => <ChangePassword locale={locale} />}
    </MemberFrame>
  );
}

function ChangePassword({ locale }: { locale: Locale }) {
  const form = useStore(passwordForm.$form);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const target = event.currentTarget;
        void passwordForm
          .submit(schema, formValues(target), locale, async (v) => {
            await changePassword(v.currentPassword, v.newPassword);
            return t(locale, 'member.password.done');
          })
          .then((done) => done && target.reset());
      }}
    >
      <Field
        label={t(locale, 'member.password.current')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={form.fields.currentPassword}
      />
      <NewPasswordFields
        label={t(locale, 'member.password.new')}
        confirmLabel={t(locale, 'member.password.confirm')}
        fields={form.fields}
      />
      <FormMessages message={form.message} notice={form.notice} />
      <SubmitButton
        pending={form.pending}
        label={t(locale, 'member.password.submit')}
        pendingLabel={t(locale, 'auth.pending')}
      />
    </form>
  );
}
