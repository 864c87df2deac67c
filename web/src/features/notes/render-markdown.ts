// Markdown to safe HTML for the editor preview and the viewer: marked renders, DOMPurify strips anything that
// could run script (a note may hold pasted HTML). Headings get the same ids as the contents sidebar links.
// Fenced code is coloured when a highlighter has been loaded (code-highlighter.ts, loaded only for notes
// that have code); task boxes can be made clickable, each carrying the index of its source line.
import { createHeadingIds, headingText } from '@private-notes/shared';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import type { TaskBoxes } from './task-boxes.ts';

export interface RenderOptions {
  /** HTML of `code` coloured as `language`, or null to show it plain. Its output is sanitised too. */
  highlight?: ((code: string, language: string) => string | null) | null;
  /**
   * The note's tasks as found in its source (task-boxes.ts): with them the boxes become enabled checkboxes
   * carrying `data-task` (the task's index) and the task text as label. Read-only boxes without.
   */
  tasks?: TaskBoxes | null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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
