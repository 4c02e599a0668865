import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Markdown files of the repository that people read: the front door, the guides and docs/. */
export function documentationFiles(root: string): string[] {
  const top = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].map((file) => path.join(root, file));
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return [...top, ...docs].sort();
}

/** Markdown without fenced code blocks and inline code, where links and headings are not meant literally. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Link and image targets: `[text](target)` and `![alt](target "title")`. */
export function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] ?? '');
}

/** The anchors GitHub gives a file's headings (lower case, punctuation dropped, spaces to hyphens, -1 -2 for repeats). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = (match[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, (c) => (c === '_' ? '_' : ''));
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  return anchors;
}

export function read(file: string): string {
  return readFileSync(file, 'utf8');
}
