// Rendered markdown (sanitised) in a readable prose style.
import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { renderMarkdown } from './render-markdown.ts';
import { useAttachmentUrls, withLocalImages } from './use-attachment-urls.ts';

export function MarkdownView({ markdown }: { markdown: string }) {
  const rendered = useMemo(() => renderMarkdown(markdown), [markdown]);
  const urls = useAttachmentUrls(markdown);
  const html = useMemo(() => withLocalImages(rendered, urls), [rendered, urls]);
  return (
    <Box
      className="pn-markdown"
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
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: '4px' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from renderMarkdown, which sanitises it with DOMPurify
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
