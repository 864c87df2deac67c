// Markdown to safe HTML for the editor preview and the viewer: marked renders, DOMPurify strips anything that
// could run script (a note may hold pasted HTML). Headings get the same ids as the contents sidebar links.
import { createHeadingIds, headingText, parseWikiLinks } from '@private-notes/shared';
import DOMPurify from 'dompurify';
import { Marked, type TokenizerAndRendererExtension } from 'marked';

/** Finds the local id of the note a [[link]] names, or null when there is none (the link then offers to create it). */
export type ResolveNoteTitle = (title: string) => string | null;

const WIKILINK_START_RE = /^\[\[[^[\]\n]+\]\]/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function wikiLinkExtension(resolve: ResolveNoteTitle): TokenizerAndRendererExtension {
  return {
    name: 'wikilink',
    level: 'inline',
    start: (src) => {
      const at = src.indexOf('[[');
      return at === -1 ? undefined : at;
    },
    tokenizer(src) {
      const match = WIKILINK_START_RE.exec(src);
      const link = match ? parseWikiLinks(match[0])[0] : undefined;
      if (!match || !link || link.start !== 0) return undefined;
      return { type: 'wikilink', raw: match[0], title: link.title, name: link.name, label: link.label };
    },
    renderer(token) {
      const { title, name, label } = token as unknown as { title: string; name: string; label: string };
      const id = resolve(title) ?? resolve(name);
      return id
        ? `<a href="/notes?open=${encodeURIComponent(id)}" class="pn-wikilink" data-note-id="${escapeHtml(id)}">${escapeHtml(label)}</a>`
        : `<a href="/notes?new=1" class="pn-wikilink pn-wikilink-missing" data-missing-title="${escapeHtml(title)}" title="Create the note “${escapeHtml(title)}”">${escapeHtml(label)}</a>`;
    },
  };
}

export function renderMarkdown(markdown: string, resolve?: ResolveNoteTitle): string {
  const headingId = createHeadingIds();
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      heading({ tokens, depth, text }) {
        const inner = this.parser.parseInline(tokens);
        // noteHeadings skips empty headings, so they must not use up an id here either.
        const id = headingText(text) ? ` id="${headingId(text)}"` : '';
        return `<h${depth}${id}>${inner}</h${depth}>\n`;
      },
    },
  });
  if (resolve) marked.use({ extensions: [wikiLinkExtension(resolve)] });
  const html = marked.parse(markdown) as string;
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
