import type { LabelForm } from './order-types.ts';

/**
 * Opens the window a label will print in, at the click (a window opened after a request would be
 * taken for a pop-up and blocked); the label's form is posted into it when the answer is in.
 */
export const labelWindow = (name: string): Window | null => window.open('about:blank', name);

function formFor(doc: Document, label: LabelForm, target: string): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = label.action;
  form.target = target;
  for (const [name, value] of Object.entries(label.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.append(input);
  }
  return form;
}

/** Posts ECPay's print form of one label into the window (or tab) named `target`. */
export function postLabel(label: LabelForm, target: string): void {
  const form = formFor(document, label, target);
  document.body.append(form);
  form.submit();
  form.remove();
}

/**
 * One sheet for many labels: in the window opened for it, a frame a label, each frame given its
 * label's form, so that one print of the window prints them all; and under each frame a button
 * that opens that label on its own (a print page that refuses frames, as the simulator's does).
 */
export function writeSheet(
  win: Window,
  title: string,
  openOne: (no: string) => string,
  labels: (LabelForm & { no: string })[],
): void {
  const doc = win.document;
  doc.title = title;
  doc.body.replaceChildren();
  for (const label of labels) {
    const heading = doc.createElement('h2');
    heading.textContent = label.no;
    const frame = doc.createElement('iframe');
    frame.name = `label-${label.no}`;
    frame.title = label.no;
    frame.style.cssText = 'width:100%;height:32rem;border:0';
    const own = formFor(doc, label, '_blank');
    const button = doc.createElement('button');
    button.type = 'submit';
    button.textContent = openOne(label.no);
    own.append(button);
    const framed = formFor(doc, label, frame.name);
    doc.body.append(heading, frame, own, framed);
    framed.submit();
  }
}
