// Fenced code on the blog, coloured on the server: the post page gets classed spans and the stylesheet's
// colours, no script (the public pages' budget and CSP stay as they are). Same languages as the app's
// viewer (the shared table), every grammar registered at start.
//
// Loaded with require and typed here: the package's own type definitions pull the DOM library into the
// server's type check (`/// <reference lib="dom" />`), which changes what Node's fetch accepts.
import { createRequire } from 'node:module';
import { CODE_LANGUAGES, codeLanguage } from '@private-notes/shared/rules/code-languages';

interface Highlighter {
  registerLanguage(name: string, grammar: unknown): void;
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
}

const require = createRequire(import.meta.url);
const hljs = require('highlight.js/lib/core') as Highlighter;
for (const name of CODE_LANGUAGES) hljs.registerLanguage(name, require(`highlight.js/lib/languages/${name}`));

/** The coloured HTML of `code` (escaped by highlight.js), or null for a language without a grammar. */
export function highlightCode(code: string, language: string): string | null {
  const name = codeLanguage(language);
  if (!name) return null;
  try {
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    return null;
  }
}
