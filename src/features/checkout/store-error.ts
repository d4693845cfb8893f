import type { MessageKey } from '../../lib/i18n/messages/index.ts';

/** Each refusal of the store map's answer (StoreProblem on the server) and its message. */
const MESSAGES: Record<string, MessageKey> = {
  ticket: 'checkout.storeError.ticket',
  reply: 'checkout.storeError.reply',
  text: 'checkout.storeError.text',
  store: 'checkout.storeError.store',
  lookup: 'checkout.storeError.lookup',
};

/**
 * The message of the store map's refusal in a checkout address (`?store_error=<problem>`, set by
 * POST /api/checkout/cvs-store), or null. An unknown problem reads as an unreadable answer.
 */
export function storeErrorKey(search: string): MessageKey | null {
  const problem = new URLSearchParams(search).get('store_error');
  if (problem === null) return null;
  return Object.hasOwn(MESSAGES, problem) ? MESSAGES[problem]! : MESSAGES.reply!;
}
