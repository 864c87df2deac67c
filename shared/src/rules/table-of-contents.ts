// Headings of a markdown text: the post's table of contents (levels 1–2) and the note viewer's contents (1–6).
import { slugify } from './slugify.ts';
import { stripInlineMarkdown } from './strip-markdown.ts';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface Heading {
  /** The anchor id; the rendered HTML must give its heading the same id (see createHeadingIds). */
  id: string;
  text: string;
  level: HeadingLevel;
}

export interface TocEntry extends Heading {
  level: 1 | 2;
}

/**
 * A fresh id allocator for one document: slugify(text), 'section' when that is empty, and '-1', '-2', …
 * for repeats. The markdown renderer must call it for every heading of every level in document order, as
 * noteHeadings does, so the ids in the HTML and in the contents list agree.
 */
export function createHeadingIds(): (text: string) => string {
  const used = new Set<string>();
  return (text) => {
    const base = slugify(headingText(text)) || 'section';
    let id = base;
    for (let n = 1; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

/** A heading's visible text: inline markdown and backslash escapes removed, whitespace collapsed. */
export function headingText(raw: string): string {
  return stripInlineMarkdown(raw.replace(/\\([!-/:-@[-`{-~])/g, '$1'))
    .replace(/\s+/g, ' ')
    .trim();
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const NOT_PARAGRAPH = /^ {0,3}(>|[-*+][ \t]|\d{1,9}[.)][ \t]|([-*_])(?:[ \t]*\2){2,}[ \t]*$|<)/;

/**
 * Every heading (ATX '#' lines and setext underlines), levels 1 to 6, skipping fenced and indented code.
 * Headings with no text are left out.
 */
export function noteHeadings(markdown: string): Heading[] {
  const headings: Heading[] = [];
  const nextId = createHeadingIds();
  const add = (raw: string, level: HeadingLevel) => {
    const text = headingText(raw);
    if (text) headings.push({ id: nextId(text), text, level });
  };
  let fence: { char: string; length: number } | null = null;
  let paragraph: string[] = [];
  for (const line of markdown.split(/\r\n?|\n/)) {
    if (fence) {
      const close = line.match(/^ {0,3}(`{3,}|~{3,})[ \t]*$/);
      if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
      continue;
    }
    const open = line.match(FENCE);
    if (open?.[1] && !(open[1][0] === '`' && open[2]?.includes('`'))) {
      fence = { char: open[1][0]!, length: open[1].length };
      paragraph = [];
      continue;
    }
    if (!line.trim()) {
      paragraph = [];
      continue;
    }
    const atx = line.match(ATX);
    if (atx?.[1]) {
      add(atx[2] ?? '', atx[1].length as HeadingLevel);
      paragraph = [];
      continue;
    }
    const underline = paragraph.length > 0 ? line.match(SETEXT) : null;
    if (underline?.[1]) {
      add(paragraph.join(' '), underline[1][0] === '=' ? 1 : 2);
      paragraph = [];
      continue;
    }
    if (paragraph.length === 0 && (/^( {4}|\t)/.test(line) || NOT_PARAGRAPH.test(line))) continue;
    paragraph.push(line);
  }
  return headings;
}

/** The post page's table of contents: level 1 and 2 headings, ids as in the rendered post. */
export function tableOfContents(markdown: string): TocEntry[] {
  return noteHeadings(markdown).filter((h): h is TocEntry => h.level <= 2);
}

/** Whether the note viewer shows its contents sidebar: the content has at least one heading. */
export function hasHeading(content: string): boolean {
  // Most notes have neither '#' nor an underline; skip the parse for them.
  if (!content.includes('#') && !/\n {0,3}(=+|-+)[ \t]*(\r?\n|$)/.test(content)) return false;
  return noteHeadings(content).length > 0;
}
