import { renderSVG } from 'uqr';

/**
 * A QR code drawn in the browser from a text (the otpauth:// URI of the two-step setup): `uqr`, a
 * small generator without dependencies, only in the console's chunk. The SVG is uqr's own markup
 * from the text's modules (no text of ours in it), labelled for assistive technology.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const svg = renderSVG(text, { ecc: 'M', border: 2 });
  // biome-ignore lint/security/noDangerouslySetInnerHtml: uqr's SVG of squares, drawn from the text's bits
  return <div className="sw-admin-qr" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}
