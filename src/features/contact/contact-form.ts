/**
 * The contact form: sends POST /api/contact and shows the API's field errors (already in the page's
 * language) under each field, or a thank-you note.
 */
import type { Locale } from '../../config.ts';
import { sendContact } from '../../lib/api/catalog.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { browserApi } from '../catalog/browser-api.ts';

export interface ContactLabels {
  locale: Locale;
  sending: string;
  sent: string;
  failed: string;
  fixFields: string;
}

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;

export function initContactForm(form: HTMLFormElement): void {
  const labels = JSON.parse(form.querySelector('[data-contact-labels]')?.textContent ?? '{}') as ContactLabels;
  const status = form.querySelector<HTMLElement>('[data-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const api = browserApi(labels.locale);

  const fieldError = (name: string, message: string) => {
    const input = form.elements.namedItem(name) as HTMLInputElement | null;
    const note = form.querySelector<HTMLElement>(`#contact-${name}-error`);
    if (!input || !note) return;
    input.setAttribute('aria-invalid', String(Boolean(message)));
    note.textContent = message;
    note.hidden = !message;
  };
  const say = (text: string, error = false) => {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle('error', error);
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    for (const name of FIELDS) fieldError(name, '');
    say(labels.sending);
    if (button) button.disabled = true;
    try {
      await sendContact(api, {
        name: value('name'),
        email: value('email'),
        ...(value('phone') ? { phone: value('phone') } : {}),
        subject: value('subject'),
        message: value('message'),
      });
      form.reset();
      say(labels.sent);
    } catch (error) {
      const fields = error instanceof ApiClientError ? error.fields : {};
      const named = FIELDS.filter((name) => fields[name]);
      for (const name of named) fieldError(name, fields[name] ?? '');
      if (named.length) {
        say(labels.fixFields, true);
        (form.elements.namedItem(named[0] ?? '') as HTMLElement | null)?.focus();
      } else say(error instanceof ApiClientError && error.status ? error.message : labels.failed, true);
    } finally {
      if (button) button.disabled = false;
    }
  });
}
