/**
 * The product page's "notify me when it is back" form (issue 32), loaded when it is opened. A member
 * asks in one tap (Bearer); a guest confirms a mobile number with the checkout's text-message code
 * (POST /api/checkout/phone/send, /verify → X-Phone-Proof) or gives an email (which counts once the
 * link mailed to it is followed); a member whose account has neither a verified phone nor an email is
 * asked for one the same way. Answers and refusals (the API's message, in the page's language) are
 * said in the form's status line.
 */
import { COOKIE } from '../../config.ts';

const BASE = `${import.meta.env.PUBLIC_API_BASE ?? ''}/api`;

interface Envelope {
  status: boolean;
  result: Record<string, unknown> | null;
  message: string;
  errors?: Record<string, string>;
}

const token = () => {
  const m = new RegExp(`(?:^|; )${COOKIE.accessToken}=([^;]+)`).exec(document.cookie);
  return m ? decodeURIComponent(m[1]!) : '';
};

async function post(path: string, body: object, headers: Record<string, string> = {}): Promise<Envelope> {
  const t = token();
  const r = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': document.documentElement.lang,
      ...(t ? { authorization: `Bearer ${t}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const env = (await r.json().catch(() => ({ status: false, result: null, message: String(r.status) }))) as Envelope;
  if (!env.status) throw Object.assign(new Error(env.message), { fields: env.errors ?? {} });
  return env;
}

export function startRestockForm(details: HTMLDetailsElement): void {
  const form = details.querySelector<HTMLFormElement>('[data-restock-form]')!;
  const status = form.querySelector<HTMLElement>('[data-restock-status]')!;
  const guest = form.querySelector<HTMLElement>('[data-restock-guest]')!;
  const member = Boolean(token());
  guest.hidden = member;
  form.querySelector<HTMLElement>('[data-restock-member]')!.hidden = !member;
  const say = (text: string) => {
    status.textContent = text;
  };
  const fail = (e: unknown) => {
    const err = e as Error & { fields?: Record<string, string> };
    say([err.message, ...Object.values(err.fields ?? {})].join(' '));
  };
  const by = () => (form.elements.namedItem('by') as RadioNodeList).value;
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
  const showChosen = () => {
    for (const el of form.querySelectorAll<HTMLElement>('[data-by]')) el.hidden = el.dataset.by !== by();
  };
  form.addEventListener('change', showChosen);
  // This script loads when the form is opened: a choice made while it was on its way counts too.
  showChosen();
  form.querySelector('[data-send-code]')!.addEventListener('click', () => {
    post('/checkout/phone/send', { phone: value('phone') })
      .then(() => say((form.dataset.sent ?? '').replace('{phone}', value('phone'))))
      .catch(fail);
  });
  // A member whose account cannot be reached is asked for a contact (the API's field error on email).
  let askContact = false;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const chosen = form.querySelector<HTMLInputElement>('input[name="sku"]:checked');
    if (!chosen) return;
    const ask = async () => {
      if (member && !askContact) return post('/restock-alerts', { sku: chosen.value });
      if (by() === 'email') return post('/restock-alerts', { sku: chosen.value, email: value('email') });
      const proof = await post('/checkout/phone/verify', { phone: value('phone'), code: value('code') });
      return post(
        '/restock-alerts',
        { sku: chosen.value, phone: value('phone') },
        { 'X-Phone-Proof': String(proof.result?.phone_proof ?? '') },
      );
    };
    ask()
      .then((r) =>
        say(
          r.result?.state === 'pending'
            ? (form.dataset.pending ?? '').replace('{email}', value('email'))
            : (form.dataset.done ?? '').replace('{option}', chosen.dataset.option ?? chosen.value),
        ),
      )
      .catch((err: Error & { fields?: Record<string, string> }) => {
        if (member && !askContact && err.fields?.email) {
          askContact = true;
          guest.hidden = false;
        }
        fail(err);
      });
  });
  // Prerendered disabled (ProductExtras.astro): they work from now on.
  for (const b of form.querySelectorAll('button')) b.disabled = false;
}
