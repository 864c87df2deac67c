import { describe, expect, it } from 'vitest';
import { CODE_LANGUAGES, codeLanguage } from './code-languages.ts';

describe('codeLanguage', () => {
  it('maps fence words and aliases to grammar names, whatever their case', () => {
    expect(codeLanguage('js')).toBe('javascript');
    expect(codeLanguage('TSX')).toBe('typescript');
    expect(codeLanguage('Python')).toBe('python');
    expect(codeLanguage('html')).toBe('xml');
    expect(codeLanguage('c#')).toBe('csharp');
  });

  it('knows every grammar by its own name and nothing else', () => {
    for (const name of CODE_LANGUAGES) expect(codeLanguage(name)).toBe(name);
    expect(codeLanguage('cobol')).toBeNull();
    expect(codeLanguage('constructor')).toBeNull();
    expect(codeLanguage('')).toBeNull();
  });
});
