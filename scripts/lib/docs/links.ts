/**
 * The manual's links checked: every relative link and `#anchor` in README.md and docs/**\/*.md must
 * lead to a file that exists and, for an anchor, to a heading of that file (GitHub's heading anchors,
 * github-slugger: Chinese headings keep their characters) or an `<a id>`/`<a name>` in it.
 * Links to other sites, and anything inside code, are not checked.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';

/** README.md and every Markdown file under docs/, as paths relative to `root`. */
export function manualFiles(root: string): string[] {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => join('docs', f))
    : [];
  return [...(existsSync(join(root, 'README.md')) ? ['README.md'] : []), ...docs.sort()];
}

const FENCE = /^\s*(```|~~~)/;

/** Each line of the file outside fenced code, with its 1-based number; inline code spans blanked. */
function proseLines(markdown: string): { line: string; no: number }[] {
  const out: { line: string; no: number }[] = [];
  let inFence = false;
  markdown.split('\n').forEach((line, i) => {
    if (FENCE.test(line)) {
      inFence = !inFence;
      return;
    }
    if (!inFence) out.push({ line, no: i + 1 });
  });
  return out;
}

/** The text GitHub slugs for a heading: what it shows, without the Markdown around it. */
function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+#+\s*$/, '')
    .trim();
}

/** The anchors a Markdown file offers: its headings' slugs (numbered on repeats) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const { line } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) anchors.add(slugger.slug(headingText(heading[1] ?? '')));
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1] ?? '');
  }
  return anchors;
}

/** Every inline link and image target of the prose, with its line. */
function linksOf(markdown: string): { target: string; no: number }[] {
  const links: { target: string; no: number }[] = [];
  for (const { line, no } of proseLines(markdown)) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: m[1] ?? '', no });
    }
  }
  return links;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** The broken links of the manual under `root`, as `file:line: target (why)`; empty when all lead somewhere. */
export function brokenLinks(root: string, files = manualFiles(root)): string[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchorsAt = (path: string) => {
    let anchors = anchorCache.get(path);
    if (!anchors) {
      anchors = anchorsOf(readFileSync(path, 'utf8'));
      anchorCache.set(path, anchors);
    }
    return anchors;
  };
  const broken: string[] = [];
  for (const file of files) {
    const from = resolve(root, file);
    for (const { target, no } of linksOf(readFileSync(from, 'utf8'))) {
      if (EXTERNAL.test(target)) continue;
      const hash = target.indexOf('#');
      const pathPart = decodeURI(hash < 0 ? target : target.slice(0, hash));
      const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
      const to =
        pathPart === '' ? from : pathPart.startsWith('/') ? join(root, pathPart) : resolve(dirname(from), pathPart);
      const where = `${file}:${no}: ${target}`;
      if (!existsSync(to)) {
        broken.push(`${where} (no file ${relative(root, to)})`);
        continue;
      }
      if (anchor === null || anchor === '') continue;
      if (statSync(to).isDirectory() || !to.endsWith('.md')) {
        broken.push(`${where} (an anchor into a file that is not Markdown)`);
        continue;
      }
      if (!anchorsAt(to).has(anchor)) broken.push(`${where} (no heading #${anchor} in ${relative(root, to)})`);
    }
  }
  return broken;
}
