import { createRoot } from 'react-dom/client';
import { ErrorModal } from '../../components/ErrorModal.tsx';
import { PhoneVerifyModal } from '../../components/PhoneVerifyModal.tsx';
import { currentLocale } from '../../lib/runtime/locale.ts';
import './forms.css';

let mounted = false;

/**
 * Mounts the page-wide overlays (error modal, phone-verification modal) once per page, in their
 * own root at the end of the body: island pages call it when they hydrate, plain pages only when a
 * member must verify the phone.
 */
export function mountOverlays(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.dataset.overlays = '';
  // Outside <body>, which Astro's router replaces on every client-side navigation.
  document.documentElement.append(host);
  const locale = currentLocale();
  createRoot(host).render(
    <>
      <ErrorModal locale={locale} />
      <PhoneVerifyModal locale={locale} />
    </>,
  );
}
