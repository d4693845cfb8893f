/**
 * Policy texts, product descriptions and article bodies arrive as plain text: paragraphs separated
 * by blank lines, headings as lines starting with `## `. This splits them into blocks to render.
 */
export type TextBlock = { kind: 'heading' | 'paragraph'; text: string };

export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    let para: string[] = [];
    const flush = () => {
      if (para.length) blocks.push({ kind: 'paragraph', text: para.join(' ') });
      para = [];
    };
    for (const line of lines) {
      if (line.startsWith('## ')) {
        flush();
        blocks.push({ kind: 'heading', text: line.slice(3).trim() });
      } else para.push(line);
    }
    flush();
  }
  return blocks;
}

/** The first paragraph of a text, for descriptions. */
export const firstParagraph = (text: string): string =>
  textBlocks(text).find((b) => b.kind === 'paragraph')?.text ?? '';
