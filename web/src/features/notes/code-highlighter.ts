// Code colouring for fenced blocks (highlight.js core), in its own chunk: MarkdownView loads it only for a
// note that has a fenced block with a language, and each language's grammar loads on its first use, so the
// notes screen's first visit carries none of it. The colours are global.css's, shared with the blog.
import { type CodeLanguage, codeLanguage } from '@private-notes/shared/rules/code-languages';
import type { LanguageFn } from 'highlight.js';
import hljs from 'highlight.js/lib/core';

type Grammar = () => Promise<{ default: LanguageFn }>;

// One chunk per grammar of the shared table (code-languages.ts), loaded on first use.
const GRAMMARS: Record<CodeLanguage, Grammar> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  go: () => import('highlight.js/lib/languages/go'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  php: () => import('highlight.js/lib/languages/php'),
  python: () => import('highlight.js/lib/languages/python'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

const loading = new Map<string, Promise<void>>();

/** Loads (once) the grammars of these fence languages; unknown ones are skipped, failed loads retried later. */
export function loadGrammars(languages: Iterable<string>): Promise<void> {
  const pending: Array<Promise<void>> = [];
  for (const language of languages) {
    const name = codeLanguage(language);
    if (!name) continue;
    let load = loading.get(name);
    if (!load) {
      load = GRAMMARS[name]().then(
        (module) => hljs.registerLanguage(name, module.default),
        (error: unknown) => {
          loading.delete(name);
          throw error;
        },
      );
      loading.set(name, load);
    }
    pending.push(load);
  }
  return Promise.allSettled(pending).then(() => undefined);
}

/** The coloured HTML of `code` (escaped by highlight.js), or null when its grammar is not loaded. */
export function highlightCode(code: string, language: string): string | null {
  const name = codeLanguage(language);
  if (!name || !hljs.getLanguage(name)) return null;
  try {
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    return null;
  }
}
