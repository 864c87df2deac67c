// Rendered markdown (sanitised) in a readable prose style.
import { Box } from '@chakra-ui/react';
import { type MouseEvent, useMemo } from 'react';
import { useWikiLinks } from '../links/wiki-link-context.ts';
import { renderMarkdown } from './render-markdown.ts';
import { useAttachmentUrls, withLocalImages } from './use-attachment-urls.ts';

export function MarkdownView({ markdown }: { markdown: string }) {
  const links = useWikiLinks();
  // biome-ignore lint/correctness/useExhaustiveDependencies: links.version changes whenever a title may resolve differently
  const rendered = useMemo(() => renderMarkdown(markdown, links?.resolve), [markdown, links?.version]);
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
  return (
    <Box
      className="pn-markdown"
      onClick={onClick}
      lineHeight="1.7"
      wordBreak="break-word"
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
        '& blockquote': {
          borderLeft: '3px solid var(--pn-border)',
          paddingLeft: '1em',
          color: 'var(--pn-fg-muted)',
        },
        '& a': { color: 'var(--pn-primary)', textDecoration: 'underline' },
        '& a.pn-wikilink-missing': { color: 'var(--pn-fg-muted)', textDecorationStyle: 'dashed' },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: '4px' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from renderMarkdown, which sanitises it with DOMPurify
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
