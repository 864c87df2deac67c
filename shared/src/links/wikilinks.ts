// Links between notes: [[Title]], [[Title|label]] and [[Title#Heading]] (the form Obsidian and many markdown
// tools read). A link names its note by title, case and accents aside; renaming a note rewrites the links to it.
import { foldText } from '../search/fold-text.ts';

export interface WikiLink {
  /** The linked note's title as written (folders before a "/" dropped). */
  title: string;
  heading: string | null;
  /** The text shown; the title when the link has no label. */
  label: string;
  start: number;
  end: number;
}

// [[target]] or [[target|label]]; the target may hold #heading. No brackets or line breaks inside.
const WIKILINK_RE = /\[\[([^[\]\n|]+?)(?:\|([^[\]\n]+?))?\]\]/g;

function splitTarget(target: string): { title: string; heading: string | null } {
  const hash = target.indexOf('#');
  const path = (hash === -1 ? target : target.slice(0, hash)).trim();
  const heading = hash === -1 ? null : target.slice(hash + 1).trim() || null;
  // Obsidian may write a path (Folder/Note) or the file name with .md.
  const title = path
    .slice(path.lastIndexOf('/') + 1)
    .replace(/\.md$/i, '')
    .trim();
  return { title, heading };
}

/** Every [[link]] in the text, in order (links inside code are not told apart: they are rare in notes). */
export function parseWikiLinks(text: string): WikiLink[] {
  if (!text.includes('[[')) return [];
  const links: WikiLink[] = [];
  for (const match of text.matchAll(WIKILINK_RE)) {
    const { title, heading } = splitTarget(match[1]!);
    if (!title) continue;
    const start = match.index ?? 0;
    links.push({ title, heading, label: match[2]?.trim() || title, start, end: start + match[0].length });
  }
  return links;
}

/** The key titles are matched by: case, accents and runs of spaces aside. */
export function titleKey(title: string): string {
  return foldText(title).replace(/\s+/g, ' ').trim();
}

/** Whether the text links to a note with this title. */
export function linksToTitle(text: string, title: string): boolean {
  const key = titleKey(title);
  return parseWikiLinks(text).some((link) => titleKey(link.title) === key);
}

/**
 * The text with every link to `oldTitle` pointing at `newTitle` instead, keeping each link's heading, and its
 * label (a link that showed the old title as its text now shows the new one).
 */
export function renameWikiLinks(text: string, oldTitle: string, newTitle: string): string {
  const key = titleKey(oldTitle);
  const links = parseWikiLinks(text).filter((link) => titleKey(link.title) === key);
  if (links.length === 0) return text;
  let out = '';
  let cursor = 0;
  for (const link of links) {
    const original = text.slice(link.start, link.end);
    const labelled = original.includes('|');
    const heading = link.heading ? `#${link.heading}` : '';
    out += text.slice(cursor, link.start);
    out += labelled ? `[[${newTitle}${heading}|${link.label}]]` : `[[${newTitle}${heading}]]`;
    cursor = link.end;
  }
  return out + text.slice(cursor);
}

/** A title that can stand inside [[ ]]: brackets, pipes and line breaks would end the link early. */
export function linkableTitle(title: string): string {
  return title
    .replace(/[[\]|\n\r#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
