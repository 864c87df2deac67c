// Markdown to safe HTML for the editor preview and the viewer: marked renders, DOMPurify strips anything that
// could run script (a note may hold pasted HTML). Headings get the same ids as the contents sidebar links.
// Fenced code is coloured when a highlighter has been loaded (code-highlighter.ts, loaded only for notes
// that have code); task boxes can be made clickable, each carrying the index of its source line.
import { createHeadingIds, headingText, parseWikiLinks } from '@private-notes/shared';
import DOMPurify from 'dompurify';
import { Marked, type TokenizerAndRendererExtension } from 'marked';
import type { TaskBoxes } from './task-boxes.ts';

/** Finds the local id of the note a [[link]] names, or null when there is none (the link then offers to create it). */
export type ResolveNoteTitle = (title: string) => string | null;

export interface RenderOptions {
  /** HTML of `code` coloured as `language`, or null to show it plain. Its output is sanitised too. */
  highlight?: ((code: string, language: string) => string | null) | null;
  /**
   * The note's tasks as found in its source (task-boxes.ts): with them the boxes become enabled checkboxes
   * carrying `data-task` (the task's index) and the task text as label. Read-only boxes without.
   */
  tasks?: TaskBoxes | null;
  /** With it, [[links]] to other notes render as links that open them (or create a missing one). */
  resolve?: ResolveNoteTitle | undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const WIKILINK_START_RE = /^\[\[[^[\]\n]+\]\]/;

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

function render(markdown: string, options: RenderOptions, tasks: TaskBoxes | null) {
  const headingId = createHeadingIds();
  let taskIndex = 0;
  // Whether every box marked rendered lines up with a task line found in the source (same count, same state).
  let tasksMatch = true;
  const { highlight } = options;
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
      code({ text, lang }) {
        const language = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
        const coloured = language && highlight ? highlight(text, language) : null;
        if (coloured === null) return false;
        return `<pre><code class="hljs language-${escapeHtml(language)}">${coloured}</code></pre>\n`;
      },
      checkbox({ checked }) {
        if (!tasks) return false;
        const index = taskIndex++;
        if (tasks.checked[index] !== checked) tasksMatch = false;
        const label = escapeHtml(tasks.labels[index] ?? '');
        return `<input type="checkbox" data-task="${index}" aria-label="${label}"${checked ? ' checked=""' : ''}> `;
      },
    },
  });
  if (options.resolve) marked.use({ extensions: [wikiLinkExtension(options.resolve)] });
  const html = marked.parse(markdown) as string;
  return { html, tasksMatch: tasksMatch && taskIndex === (tasks?.labels.length ?? 0) };
}

/** The HTML before sanitising (exported for tests: DOMPurify needs a DOM). */
export function markdownToHtml(markdown: string, options: RenderOptions = {}): string {
  const { html, tasksMatch } = render(markdown, options, options.tasks ?? null);
  // Where the source scan and marked disagree about which lines are tasks (unusual nesting, HTML blocks),
  // a click could change the wrong line: those notes keep read-only boxes.
  return tasksMatch ? html : render(markdown, options, null).html;
}

export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  return DOMPurify.sanitize(markdownToHtml(markdown, options), { USE_PROFILES: { html: true } });
}
