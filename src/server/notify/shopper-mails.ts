import type { Deps } from '../context.ts';
import type { RenderedMail } from './mail-format.ts';
import { RETURN_SHOPPER_PURPOSES, type ReturnShopperPurpose, type ShopperPurpose } from './outbox.ts';
import { returnShopperMail } from './return-mail.ts';
import { reviewRequestMail } from './review-request-mail.ts';
import { shopperMail } from './shopper-mail.ts';

const isReturnMail = (purpose: string): purpose is ReturnShopperPurpose =>
  (RETURN_SHOPPER_PURPOSES as readonly string[]).includes(purpose);

/**
 * The shopper's mail of one outbox row, an order's or a return's (the sender's and the resend's):
 * undefined when it has nowhere to go, `wait` when it waits for something to tell.
 */
export function anyShopperMail(
  deps: Deps,
  row: { purpose: string; subject: string; order_id: number; created_at: number },
  payload: Record<string, unknown>,
): Promise<{ to: string; mail: RenderedMail } | 'wait' | undefined> {
  if (row.purpose === 'review-request') return reviewRequestMail(deps, row.order_id, payload);
  return isReturnMail(row.purpose)
    ? returnShopperMail(deps, row.purpose, row.subject, row.order_id, Number(row.created_at))
    : shopperMail(deps, row.purpose as ShopperPurpose, row.order_id, payload);
}
