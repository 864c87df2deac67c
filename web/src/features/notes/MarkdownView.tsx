// Rendered markdown (sanitised) in a readable prose style, with coloured code once the note's grammars have
// loaded, and task boxes that can be ticked when the caller says what a tick does.
import { Box } from '@chakra-ui/react';
import { type MouseEvent, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useWikiLinks } from '../links/wiki-link-context.ts';
import { renderMarkdown } from './render-markdown.ts';
import { useAttachmentUrls, withLocalImages } from './use-attachment-urls.ts';
import { useCodeHighlighter } from './use-code-highlighter.ts';
import { useTaskBoxes } from './use-task-boxes.ts';

export interface MarkdownViewProps {
  markdown: string;
  /** Ticks or unticks the index-th task (the boxes are read-only without it); a rejection puts the box back. */
  onToggleTask?(index: number, checked: boolean): Promise<void>;
}

export function MarkdownView({ markdown, onToggleTask }: MarkdownViewProps) {
  const highlight = useCodeHighlighter(markdown);
  const interactiveTasks = onToggleTask !== undefined;
  const tasks = useTaskBoxes(markdown, interactiveTasks);
  const links = useWikiLinks();
  // biome-ignore lint/correctness/useExhaustiveDependencies: links.version changes whenever a title may resolve differently
  const rendered = useMemo(
    () => renderMarkdown(markdown, { highlight, tasks, resolve: links?.resolve }),
    [markdown, highlight, tasks, links?.version],
  );
  // [[links]] open the note in the app (or create a missing one) instead of loading a page.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest?.('a.pn-wikilink');
    if (!anchor || !links || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const id = anchor.getAttribute('data-note-id');
    const missing = anchor.getAttribute('data-missing-title');
    if (id) links.open(id);
    else if (missing) links.create(missing);
  };
  const urls = useAttachmentUrls(markdown);
  const html = useMemo(() => withLocalImages(rendered, urls), [rendered, urls]);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef(onToggleTask);
  toggle.current = onToggleTask;
  // The boxes are plain HTML (not React elements): one listener on the container hears their changes.
  useEffect(() => {
    const root = box.current;
    if (!root || !interactiveTasks) return;
    const onChange = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.dataset.task === undefined) return;
      const index = Number(input.dataset.task);
      refocus.current = index;
      toggle.current?.(index, input.checked).catch(() => {
        input.checked = !input.checked;
      });
    };
    // The box focus is on is the one to come back to, ticked or not: a box focused just before a tick's write
    // shows (a keyboard user moving on to the next task) was replaced, and focus went to the ticked box
    // instead, where the next Space unticked it.
    const onFocus = (event: Event) => {
      const input = event.target;
      if (input instanceof HTMLInputElement && input.dataset.task !== undefined)
        refocus.current = Number(input.dataset.task);
    };
    root.addEventListener('change', onChange);
    root.addEventListener('focusin', onFocus);
    return () => {
      root.removeEventListener('change', onChange);
      root.removeEventListener('focusin', onFocus);
    };
  }, [interactiveTasks]);
  // A tick changes the note, and the new HTML replaces the box that had focus: a keyboard user stays on it.
  // The box is remembered until focus is seen elsewhere, not only for the next HTML: a second tick made
  // before the first one's write shows is replaced twice (by the first write, then by its own), and the
  // focus must come back after each.
  const refocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = refocus.current;
    if (index === null || !html) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      const onTheBox = active instanceof HTMLInputElement && active.dataset.task === String(index);
      if (!onTheBox) refocus.current = null;
      return;
    }
    box.current?.querySelector<HTMLInputElement>(`input[data-task="${index}"]`)?.focus();
  }, [html]);
  return (
    <Box
      ref={box}
      className="pn-markdown"
      onClick={onClick}
      lineHeight="1.7"
      wordBreak="break-word"
      overflowWrap="anywhere"
      minW="0"
      css={{
        '& h1': { fontSize: '1.75em', fontWeight: 700, margin: '0.8em 0 0.4em' },
        '& h2': { fontSize: '1.4em', fontWeight: 700, margin: '0.8em 0 0.4em' },
        '& h3, & h4, & h5, & h6': { fontSize: '1.15em', fontWeight: 600, margin: '0.8em 0 0.4em' },
        '& p, & ul, & ol, & pre, & blockquote': { margin: '0 0 0.9em' },
        '& ul': { listStyle: 'disc', paddingLeft: '1.5em' },
        '& ol': { listStyle: 'decimal', paddingLeft: '1.5em' },
        '& code': {
          fontFamily: 'mono',
          fontSize: '0.9em',
          background: 'var(--pn-bg-muted)',
          borderRadius: '4px',
          padding: '0 4px',
        },
        '& pre': {
          background: 'var(--pn-bg-muted)',
          padding: '12px',
          borderRadius: '6px',
          overflowX: 'auto',
        },
        '& pre code': { background: 'transparent', padding: 0 },
        '& li:has(> input[type=checkbox])': { listStyle: 'none' },
        '& input[type=checkbox]': {
          width: '1em',
          height: '1em',
          marginRight: '0.4em',
          verticalAlign: 'middle',
        },
        '& input[type=checkbox]:not(:disabled)': { cursor: 'pointer' },
        '& blockquote': {
          borderLeft: '3px solid var(--pn-border)',
          paddingLeft: '1em',
          color: 'var(--pn-fg-muted)',
        },
        '& a': { color: 'var(--pn-primary)', textDecoration: 'underline' },
        '& a.pn-wikilink-missing': { color: 'var(--pn-fg-muted)', textDecorationStyle: 'dashed' },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: '4px' },
        // A wide table scrolls inside its own box rather than widening the page.
        '& table': { display: 'block', maxWidth: '100%', overflowX: 'auto', borderCollapse: 'collapse' },
        '& th, & td': { border: '1px solid var(--pn-border)', padding: '4px 8px', overflowWrap: 'normal' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from renderMarkdown, which sanitises it with DOMPurify
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
