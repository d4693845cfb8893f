import type { Locale } from '../../config.ts';

/**
 * What the order-placed mail tells of returns (Consumer Protection Act §18): the period in days from
 * receipt, what is excluded (the order's own lines the shop marked not returnable, by name), how to
 * return, and where the policy is (`policyUrl`).
 */
export function returnNote(l: Locale, days: number, excluded: readonly string[], policyUrl: string): string {
  if (l === 'en')
    return [
      `Returns: you may return what you bought within ${days} days of receiving it, without a reason and at our cost.`,
      excluded.length
        ? `Not returnable once opened or its seal is broken: ${excluded.join(', ')}.`
        : 'Sealed media or software once opened, and in-ear products whose seal is broken, are excluded where the product page says so.',
      `To return, open your order page and choose Return. Our return policy: ${policyUrl}`,
    ].join('\n');
  return [
    `退貨：收到商品 ${days} 天內可不說明理由申請退貨，運費由本店負擔。`,
    excluded.length
      ? `拆封或封條拆除後不適用退貨：${excluded.join('、')}。`
      : '已拆封的密封影音光碟與軟體、封條已拆的入耳式耳機，商品頁上有註明者不適用退貨。',
    `申請退貨請開啟訂單頁並選擇「申請退貨」。退換貨政策：${policyUrl}`,
  ].join('\n');
}
