// Headings of a markdown text: the post's table of contents (levels 1–2) and the note viewer's contents (1–6).
import { PAGE_IDS } from './page-ids.ts';
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
 * for repeats and for the page's own ids (PAGE_IDS: a heading "Comments" gets `comments-1`). The markdown
 * renderer must call it for every heading of every level in document order, as noteHeadings does, so the
 * ids in the HTML and in the contents list agree.
 */
export function createHeadingIds(): (text: string) => string {
  const used = new Set<string>(PAGE_IDS);
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

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const CONTAINER = /^ {0,3}(?:>[ \t]?|(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$))/;
// CommonMark's HTML blocks: comments, raw-text tags, block-level tags, or a line holding one whole tag.
const HTML_START = new RegExp(
  '^ {0,3}(?:<!--|<(?:script|pre|style|textarea)(?:[\\s>]|$)|</?(?:' +
    'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|' +
    'div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|' +
    'legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|' +
    'table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:[\\s/>]|$)|</?[A-Za-z][\\w-]*(?:\\s[^<>]*)?/?>[ \\t]*$)',
  'i',
);

/** A line without its blockquote and list-item markers ('> - # Title' → '# Title'). */
function withoutContainers(line: string): { inner: string; contained: boolean; listIndent: number | null } {
  let inner = line;
  let contained = false;
  let listIndent: number | null = null;
  for (let m = inner.match(CONTAINER); m && !THEMATIC_BREAK.test(inner); m = inner.match(CONTAINER)) {
    // The first list marker sets where the item's content starts; later lines indented that far belong to it.
    if (!contained && !m[0].trimStart().startsWith('>')) listIndent = m[0].length;
    inner = inner.slice(m[0].length);
    contained = true;
  }
  return { inner, contained, listIndent };
}

/**
 * Every heading (ATX '#' lines, also inside blockquotes and list items, and setext underlines), levels 1
 * to 6, skipping fenced code, indented code and HTML blocks, in the same order marked renders them.
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
  let htmlEnd: RegExp | null = null;
  let paragraph: string[] = [];
  // A paragraph begun inside a blockquote or list item: an unmarked line after it is a lazy continuation,
  // and an underline below it must itself be inside the quote to make a setext heading.
  let paragraphContained = false;
  let listIndent: number | null = null;
  for (const rawLine of markdown.split(/\r\n?|\n/)) {
    const line = rawLine.replace(/^\t/, '    ');
    const indent = line.length - line.trimStart().length;
    const inList = listIndent !== null && line.trim() !== '' && indent >= listIndent;
    const parts = withoutContainers(inList ? line.slice(listIndent ?? 0) : line);
    const inner = parts.inner;
    const contained = inList || parts.contained;
    if (!inList && parts.listIndent !== null) listIndent = parts.listIndent;
    else if (
      !inList &&
      !fence &&
      line.trim() &&
      !parts.contained &&
      !(paragraph.length > 0 && paragraphContained)
    ) {
      listIndent = null;
    }
    if (fence) {
      const close = inner.match(FENCE_CLOSE);
      if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
      continue;
    }
    if (htmlEnd) {
      if (htmlEnd.test(line)) htmlEnd = null;
      continue;
    }
    const open = inner.match(FENCE_OPEN);
    if (open?.[1] && !(open[1][0] === '`' && open[2]?.includes('`'))) {
      fence = { char: open[1][0]!, length: open[1].length };
      paragraph = [];
      continue;
    }
    if (!inner.trim()) {
      paragraph = [];
      continue;
    }
    const atx = inner.match(ATX);
    if (atx?.[1]) {
      add(atx[2] ?? '', atx[1].length as HeadingLevel);
      paragraph = [];
      continue;
    }
    const underline = paragraph.length > 0 ? inner.match(SETEXT) : null;
    const inSameBlock = contained
      ? paragraphContained && (inList || /^ {0,3}>/.test(line))
      : !paragraphContained;
    if (underline?.[1] && inSameBlock) {
      add(paragraph.join(' '), underline[1][0] === '=' ? 1 : 2);
      paragraph = [];
      continue;
    }
    if (paragraph.length === 0 && !contained && HTML_START.test(line)) {
      // Comments and raw-text tags run to their closing marker; other HTML blocks to the next blank line.
      const rest = line.slice(line.indexOf('<') + 1);
      if (rest.startsWith('!--')) {
        if (!rest.slice(3).includes('-->')) htmlEnd = /-->/;
      } else if (/^(script|pre|style|textarea)\b/i.test(rest)) {
        const close = /<\/(script|pre|style|textarea)>/i;
        if (!close.test(rest)) htmlEnd = close;
      } else {
        htmlEnd = /^\s*$/;
      }
      continue;
    }
    if (THEMATIC_BREAK.test(inner) || (paragraph.length === 0 && /^( {4}|\t)/.test(inner))) {
      paragraph = [];
      continue;
    }
    if (paragraph.length === 0 || contained) {
      paragraph = [inner];
      paragraphContained = contained;
    } else {
      paragraph.push(inner);
    }
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
