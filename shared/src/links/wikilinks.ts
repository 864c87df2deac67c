// Links between notes: [[Title]], [[Title|label]] and [[Title#Heading]] (the form Obsidian and many markdown
// tools read). A link names its note by title, case and accents aside; renaming a note rewrites the links to it.
import { foldText } from '../search/fold-text.ts';

export interface WikiLink {
  /** The linked note's title as written (without a trailing .md). */
  title: string;
  /** The part after the last "/": Obsidian may write a path (Folder/Note), and a title may hold a "/". */
  name: string;
  heading: string | null;
  /** The text shown; the title when the link has no label. */
  label: string;
  start: number;
  end: number;
}

// [[target]] or [[target|label]]; the target may hold #heading. No brackets or line breaks inside.
const WIKILINK_RE = /\[\[([^[\]\n|]+?)(?:\|([^[\]\n]+?))?\]\]/g;

function splitTarget(target: string): { title: string; name: string; heading: string | null } {
  const hash = target.indexOf('#');
  const heading = hash === -1 ? null : target.slice(hash + 1).trim() || null;
  const title = (hash === -1 ? target : target.slice(0, hash)).trim().replace(/\.md$/i, '').trim();
  const name = title.slice(title.lastIndexOf('/') + 1).trim();
  return { title, name, heading };
}

/** Whether `link` names the note with this title key (its whole target, or the name after a folder path). */
export function linkNames(link: WikiLink, key: string): boolean {
  return titleKey(link.title) === key || titleKey(link.name) === key;
}

/** Every [[link]] in the text, in order (links inside code are not told apart: they are rare in notes). */
export function parseWikiLinks(text: string): WikiLink[] {
  if (!text.includes('[[')) return [];
  const links: WikiLink[] = [];
  for (const match of text.matchAll(WIKILINK_RE)) {
    const { title, name, heading } = splitTarget(match[1]!);
    if (!title || !name) continue;
    const start = match.index ?? 0;
    links.push({
      title,
      name,
      heading,
      label: match[2]?.trim() || name,
      start,
      end: start + match[0].length,
    });
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
  return parseWikiLinks(text).some((link) => linkNames(link, key));
}

/**
 * The text with every link to `oldTitle` pointing at `newTitle` instead, keeping each link's heading, and its
 * label (a link that showed the old title as its text now shows the new one).
 */
export function renameWikiLinks(text: string, oldTitle: string, newTitle: string): string {
  const key = titleKey(oldTitle);
  const links = parseWikiLinks(text).filter((link) => linkNames(link, key));
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

/**
 * Links as a vault of exported files reads them: a link names a file, so a link to a note whose file name is
 * not its title (characters a file name cannot hold, a numbered duplicate) points at the file and keeps the
 * title as its label. `fileOf` gives a title's file name without extension, or undefined for no such note.
 */
export function exportWikiLinks(text: string, fileOf: (title: string) => string | undefined): string {
  const links = parseWikiLinks(text);
  let out = '';
  let cursor = 0;
  for (const link of links) {
    const file = fileOf(link.title) ?? fileOf(link.name);
    if (file === undefined || file === link.title) continue;
    const heading = link.heading ? `#${link.heading}` : '';
    const label = text.slice(link.start, link.end).includes('|') ? link.label : link.title;
    out += `${text.slice(cursor, link.start)}[[${file}${heading}|${label}]]`;
    cursor = link.end;
  }
  return cursor === 0 ? text : out + text.slice(cursor);
}
