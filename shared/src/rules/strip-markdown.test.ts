import { describe, expect, it } from 'vitest';
import { stripInlineMarkdown, stripMarkdown } from './strip-markdown.ts';

describe('stripMarkdown', () => {
  it('removes heading markers, including closing hashes', () => {
    expect(stripMarkdown('# Title\n## Sub ##\n###### Deep')).toBe('Title\nSub\nDeep');
  });

  it('keeps a #hashtag that is not a heading', () => {
    expect(stripMarkdown('#tag is not a heading')).toBe('#tag is not a heading');
  });

  it('removes emphasis, strikethrough and code spans', () => {
    expect(stripMarkdown('**bold** *it* __b2__ _i2_ ~~gone~~ `code`')).toBe('bold it b2 i2 gone code');
  });

  it('keeps underscores inside words', () => {
    expect(stripMarkdown('use snake_case_names here')).toBe('use snake_case_names here');
  });

  it('turns links into their text and drops images', () => {
    expect(stripMarkdown('See [the docs](https://x.dev/a_(b)) and ![logo](/l.png) now')).toBe(
      'See the docs) and  now',
    );
    expect(stripMarkdown('[ref link][1]\n\n[1]: https://example.com')).toBe('ref link\n');
  });

  it('removes list markers, task boxes and blockquote markers', () => {
    expect(stripMarkdown('- one\n* two\n+ three\n1. four\n2) five\n- [x] done\n> quoted\n> > nested')).toBe(
      'one\ntwo\nthree\nfour\nfive\ndone\nquoted\nnested',
    );
  });

  it('drops code fences but keeps the code, and drops horizontal rules', () => {
    expect(stripMarkdown('before\n```ts\nconst a = 1;\n```\n---\nafter')).toBe('before\nconst a = 1;\nafter');
  });

  it('removes HTML tags and decodes common entities', () => {
    expect(stripMarkdown('<p>Tom &amp; Jerry&nbsp;<b>rock</b></p>')).toBe(' Tom & Jerry  rock  ');
  });

  it('turns table rows into words', () => {
    expect(stripMarkdown('| a | b |\n|---|:--:|\n| 1 | 2 |')).toBe('a b \n1 2 ');
  });
});

describe('stripInlineMarkdown', () => {
  it('leaves block markers alone', () => {
    expect(stripInlineMarkdown('# **Intro** to [it](u)')).toBe('# Intro to it');
  });
});

describe('[[links]] in plain text', () => {
  it('shows a link as its text: the label, else the note name, without heading or folder', () => {
    expect(stripMarkdown('See [[Cell Biology]] and [[Mitosis|cell division]].')).toBe(
      'See Cell Biology and cell division.',
    );
    expect(stripMarkdown('Read [[Biology/Cells.md#Organelles]] first')).toBe('Read Cells first');
    expect(stripMarkdown('An embed ![[diagram.png]] goes.')).toBe('An embed  goes.');
  });
});
