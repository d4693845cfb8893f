/**
 * A small, strict XML reader for tests of the files the shop writes (the product feeds): elements,
 * attributes, text and the five predefined entities (and numeric references). Anything else (an
 * unclosed or mismatched tag, a bare `&` or `<`, an unknown entity, text outside the root) throws.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string): string {
  if (raw.includes('<')) throw new Error(`bare < in ${JSON.stringify(raw.slice(0, 40))}`);
  return raw.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new Error(`bare & in ${JSON.stringify(raw.slice(0, 40))}`);
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    const hit = ENTITIES[name];
    if (hit === undefined) throw new Error(`unknown entity &${name};`);
    return hit;
  });
}

const NAME = /^[A-Za-z_][\w.:-]*$/;

export function parseXml(text: string): XmlElement {
  let i = 0;
  const decl = text.match(/^<\?xml [^?]*\?>\s*/);
  if (decl) i = decl[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt === -1 ? text.length : lt);
    if (stack.length) stack.at(-1)!.text += decode(chunk);
    else if (chunk.trim()) throw new Error('text outside the root element');
    if (lt === -1) break;
    const gt = text.indexOf('>', lt);
    if (gt === -1) throw new Error('unclosed tag');
    const inner = text.slice(lt + 1, gt);
    i = gt + 1;
    if (inner.startsWith('/')) {
      const open = stack.pop();
      if (!open || open.name !== inner.slice(1).trim()) throw new Error(`mismatched </${inner.slice(1)}>`);
      if (!stack.length) root = open;
      continue;
    }
    const selfClosing = inner.endsWith('/');
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const name = body.split(/\s/, 1)[0]!;
    if (!NAME.test(name)) throw new Error(`bad element name ${JSON.stringify(name)}`);
    if (root && !stack.length) throw new Error('a second root element');
    const attrs: Record<string, string> = {};
    const rest = body.slice(name.length);
    const attrRe = /\s+([A-Za-z_][\w.:-]*)="([^"]*)"/g;
    let consumed = 0;
    for (const m of rest.matchAll(attrRe)) {
      if (m.index !== consumed) throw new Error(`bad attributes in <${name}>`);
      attrs[m[1]!] = decode(m[2]!);
      consumed = m.index + m[0].length;
    }
    if (rest.slice(consumed).trim()) throw new Error(`bad attributes in <${name}>`);
    const el: XmlElement = { name, attrs, children: [], text: '' };
    if (stack.length) stack.at(-1)!.children.push(el);
    if (selfClosing) {
      if (!stack.length) root = el;
    } else stack.push(el);
  }
  if (stack.length || !root) throw new Error('unclosed element');
  return root;
}
