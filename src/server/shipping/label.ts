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

/**
 * One sheet for many labels (the console's "print the labels"): each order's signed form posts into
 * its own frame of the same page, so every label opens at once, to print one after the other.
 */
export function labelSheet(labels: { no: string; form: { action: string; fields: Record<string, string> } }[]): string {
  const parts = labels
    .map(({ no, form }, i) => {
      const inputs = Object.entries(form.fields)
        .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
        .join('');
      return `<section><h2>${esc(no)}</h2><form method="post" target="label-${i}" action="${esc(form.action)}">${inputs}<button type="submit">列印 ${esc(no)} / Print</button></form><iframe name="label-${i}" title="${esc(no)}" style="width:100%;height:90vh;border:0"></iframe></section>`;
    })
    .join('\n');
  return `<!doctype html><html lang="zh-TW"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>託運單 Shipping labels (${labels.length})</title></head>
<body>${parts}
<script>for (const f of document.forms) f.submit();</script></body></html>
`;
}
