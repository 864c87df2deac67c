// Markdown to safe HTML for the editor preview and the viewer: marked renders, DOMPurify strips anything that
// could run script (a note may hold pasted HTML). Headings get the same ids as the contents sidebar links.
import { createHeadingIds, headingText } from '@private-notes/shared';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

export function renderMarkdown(markdown: string): string {
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
  const html = marked.parse(markdown) as string;
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
