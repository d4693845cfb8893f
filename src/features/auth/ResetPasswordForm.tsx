import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import { usersApi } from '../../lib/api/users.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { nav } from '../../lib/runtime/navigate.ts';
import { clearResetTicket, RESET_DONE_FLAG, readResetTicket } from '../../lib/runtime/reset-ticket.ts';
import { z } from '../../lib/zod.ts';
import { NewPasswordFields } from './field-groups.tsx';
import { FormMessages, formValues, SubmitButton } from './fields.tsx';
import { createForm } from './form.ts';
import { Pending } from './Pending.tsx';
import { useGuard } from './use-guard.ts';
import { rules, withConfirmation } from './validation.ts';

const schema = withConfirmation(
  z.object({ newPassword: rules.newPassword(), confirm: z.string() }),
  (v) => v.newPassword,
);
const resetForm = createForm();

/** Reset password with the ticket from the forgot-password step; then on to login. */
export default function ResetPasswordForm({ locale }: { locale: Locale }) {
  const ready = useGuard('reset', locale);
  const form = useStore(resetForm.$form);
  if (!ready) return <Pending locale={locale} />;
  const ticket = readResetTicket();
  return (
    <section className="sw-auth">
      <h1>{t(locale, 'auth.reset.title')}</h1>
      {ticket ? (
        <>
          <p className="muted">{t(locale, 'auth.reset.intro')}</p>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void resetForm.submit(schema, formValues(event.currentTarget), locale, async (v) => {
                await usersApi.resetPassword({ ticket, newPassword: v.newPassword });
                clearResetTicket();
                nav.go(`${localePath(locale, '/login')}?${RESET_DONE_FLAG}=1`);
                return undefined;
              });
            }}
          >
            <NewPasswordFields
              label={t(locale, 'auth.reset.newPassword')}
              confirmLabel={t(locale, 'auth.reset.confirm')}
              fields={form.fields}
            />
            <FormMessages message={form.message} notice={form.notice} />
            <SubmitButton
              pending={form.pending}
              label={t(locale, 'auth.reset.submit')}
              pendingLabel={t(locale, 'auth.pending')}
            />
          </form>
        </>
      ) : (
        <p>{t(locale, 'auth.reset.noTicket')}</p>
      )}
    </section>
  );
}
