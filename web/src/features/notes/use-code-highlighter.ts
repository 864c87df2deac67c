// The code highlighter for a note, loaded only when the note has a fenced block with a language (the
// highlighter and each grammar are separate chunks). Until then, and if loading fails, code shows plain.
import { useEffect, useState } from 'react';

type Highlight = (code: string, language: string) => string | null;

const FENCE_LANGUAGE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm;

/** The language words of the note's fenced blocks (`js` of a line "```js"). */
export function fenceLanguages(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(FENCE_LANGUAGE)].map((match) => (match[1] ?? '').toLowerCase()))];
}

export function useCodeHighlighter(markdown: string): Highlight | null {
  const languages = fenceLanguages(markdown).join(' ');
  const [highlight, setHighlight] = useState<{ fn: Highlight; languages: string } | null>(null);
  useEffect(() => {
    if (!languages) return;
    let cancelled = false;
    void import('./code-highlighter.ts')
      .then(async (module) => {
        await module.loadGrammars(languages.split(' '));
        // A new function each time, so the rendering that depends on it runs again with the new grammars.
        if (!cancelled)
          setHighlight({ fn: (code, language) => module.highlightCode(code, language), languages });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [languages]);
  return languages && highlight ? highlight.fn : null;
}
