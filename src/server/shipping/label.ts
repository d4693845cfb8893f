/** Escapes text for HTML element content and quoted attribute values. */
const esc = (t: string) =>
  t.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * A small HTML file that opens ECPay's print page of a shipment (its label, or the shipping document
 * of home delivery): the signed form posts itself on opening, with a button for when scripts are off.
 */
export function labelPage(no: string, form: { action: string; fields: Record<string, string> }): string {
  const inputs = Object.entries(form.fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return `<!doctype html><html lang="zh-TW"><head><meta charset="utf-8"><title>託運單 ${esc(no)} Shipping label</title></head>
<body><form id="label" method="post" action="${esc(form.action)}">${inputs}<button type="submit">列印託運單 ${esc(no)} / Print the label</button></form>
<script>document.getElementById('label').submit();</script></body></html>
`;
}
