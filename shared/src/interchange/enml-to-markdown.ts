// Evernote's note body (ENML, an XHTML dialect) as markdown, through turndown. Evernote's own elements: a
// checkbox (<en-todo>) becomes a task-list box, an embedded resource (<en-media>) the link the caller gives for it
// (an attachment), else a visible placeholder. The note's source URL, when it was clipped from the web, heads the text.
import TurndownService from 'turndown';
import type { EnexNote } from './enex-reader.ts';

let service: TurndownService | null = null;

function turndown(): TurndownService {
  service ??= new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  return service;
}

export function mediaPlaceholder(type: string | null): string {
  return `*[attachment not imported${type ? `: ${type}` : ''}]*`;
}

// Evernote's own elements are empty (<en-todo/>, <en-media/>): parsed as HTML they would either swallow the
// text after them or vanish as blank. They become marker text first, and markdown after the conversion.
const MARK = '\u0001';
const TODO = /<en-todo\b([^>]*?)\/?>(?:\s*<\/en-todo>)?/gi;
const MEDIA = /<en-media\b([^>]*?)\/?>(?:\s*<\/en-media>)?/gi;

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(attributes);
  return match ? (match[2] ?? match[3] ?? null) : null;
}

/** The markdown for an `<en-media hash="…" type="…">`, or null to leave the placeholder. */
export type MediaLink = (hash: string | null, type: string | null) => string | null;

export function enmlToMarkdown(enml: string, media: MediaLink = () => null): string {
  const replacements: string[] = [];
  const mark = (markdown: string) => {
    replacements.push(markdown);
    return `${MARK}${replacements.length - 1}${MARK}`;
  };
  const body = enml
    // The XML declaration and DOCTYPE are not HTML; some parsers would show them as text.
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^\s*<!DOCTYPE[^>]*>/i, '')
    .replace(TODO, (_all, attributes: string) =>
      mark(attribute(attributes, 'checked') === 'true' ? '[x] ' : '[ ] '),
    )
    .replace(MEDIA, (_all, attributes: string) => {
      const type = attribute(attributes, 'type');
      return mark(
        media(attribute(attributes, 'hash')?.toLowerCase() ?? null, type) ?? mediaPlaceholder(type),
      );
    });
  return turndown()
    .turndown(body)
    .replace(
      new RegExp(`${MARK}(\\d+)${MARK}`, 'g'),
      (_all, index: string) => replacements[Number(index)] ?? '',
    )
    .trim();
}

/** The whole note's markdown: the source line (when clipped from the web) and the converted body. */
export function enexNoteMarkdown(note: Pick<EnexNote, 'enml' | 'sourceUrl'>, media?: MediaLink): string {
  const body = enmlToMarkdown(note.enml, media);
  if (!note.sourceUrl || !/^https?:\/\//i.test(note.sourceUrl)) return body;
  return `Source: <${note.sourceUrl}>\n\n${body}`;
}
