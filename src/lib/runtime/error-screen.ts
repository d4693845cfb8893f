import { localePath } from '../i18n/locale.ts';
import { runtime } from '../i18n/messages/runtime.ts';
import { currentLocale } from './locale.ts';

/**
 * Replaces the page with the error screen when it cannot recover (a chunk still failing after the
 * guarded reload): a message and a link back home. Plain DOM, since the page's own code is broken.
 */
export function showErrorScreen(): void {
  const locale = currentLocale();
  const text = runtime[locale];
  const main = document.createElement('main');
  main.dataset.errorScreen = '';
  main.setAttribute('role', 'alert');
  main.style.cssText = 'display:grid;place-content:center;gap:1.5rem;min-height:80vh;text-align:center;padding:2rem';
  const message = document.createElement('p');
  message.textContent = text['runtime.loadFailed'];
  const home = document.createElement('a');
  home.href = localePath(locale, '/');
  home.textContent = text['runtime.backHome'];
  main.append(message, home);
  document.body.replaceChildren(main);
}
