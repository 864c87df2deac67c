// The languages fenced code is coloured in (highlight.js grammar names), and the words people write after
// the fence for them. One table for the app's viewer and the blog's server renderer, so a block is
// coloured the same in both or in neither.

export const CODE_LANGUAGES = [
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'diff',
  'dockerfile',
  'go',
  'ini',
  'java',
  'javascript',
  'json',
  'kotlin',
  'markdown',
  'php',
  'python',
  'ruby',
  'rust',
  'sql',
  'swift',
  'typescript',
  'xml',
  'yaml',
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

const ALIASES: Record<string, CodeLanguage> = {
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  html: 'xml',
  svg: 'xml',
  toml: 'ini',
  yml: 'yaml',
  md: 'markdown',
  rs: 'rust',
  golang: 'go',
  'c++': 'cpp',
  h: 'c',
  cs: 'csharp',
  'c#': 'csharp',
  kt: 'kotlin',
  rb: 'ruby',
  docker: 'dockerfile',
  patch: 'diff',
  postgres: 'sql',
  postgresql: 'sql',
};

/** The grammar for a fence's language word (`js`, `Python`), or null when none is bundled. */
export function codeLanguage(word: string): CodeLanguage | null {
  const lower = word.toLowerCase();
  if (Object.hasOwn(ALIASES, lower)) return ALIASES[lower] as CodeLanguage;
  return (CODE_LANGUAGES as readonly string[]).includes(lower) ? (lower as CodeLanguage) : null;
}
