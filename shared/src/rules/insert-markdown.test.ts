import { describe, expect, it } from 'vitest';
import { insertMarkdown } from './insert-markdown.ts';

describe('insertMarkdown', () => {
  it('wraps the selection in bold and keeps it selected', () => {
    const edit = insertMarkdown('make this bold', 5, 9, 'bold');
    expect(edit.value).toBe('make **this** bold');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('this');
  });

  it('inserts a selected placeholder at the cursor when nothing is selected', () => {
    const edit = insertMarkdown('ab', 1, 1, 'italic');
    expect(edit.value).toBe('a*italic text*b');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('italic text');
  });

  it('turns the cursor line into a heading, replacing an existing heading marker', () => {
    expect(insertMarkdown('first\nsecond line', 9, 9, 'heading').value).toBe('first\n## second line');
    expect(insertMarkdown('# old', 2, 2, 'heading').value).toBe('## old');
  });

  it('prefixes every selected line for lists', () => {
    const text = 'intro\none\ntwo\nthree';
    expect(insertMarkdown(text, 7, 13, 'bullet-list').value).toBe('intro\n- one\n- two\nthree');
    expect(insertMarkdown(text, 6, text.length, 'numbered-list').value).toBe(
      'intro\n1. one\n2. two\n3. three',
    );
  });

  it('starts a list on an empty document', () => {
    const edit = insertMarkdown('', 0, 0, 'bullet-list');
    expect(edit).toEqual({ value: '- ', selectionStart: 2, selectionEnd: 2 });
  });

  it('clamps a selection outside the text and accepts it reversed', () => {
    expect(insertMarkdown('abc', 10, 1, 'bold').value).toBe('a**bc**');
  });
});

describe('insertMarkdown link', () => {
  it('makes the selection the link text and selects the address to type', () => {
    const edit = insertMarkdown('see the docs here', 8, 12, 'link');
    expect(edit.value).toBe('see the [docs](url) here');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('url');
  });

  it('inserts a placeholder text with no selection', () => {
    const edit = insertMarkdown('ab', 1, 1, 'link');
    expect(edit.value).toBe('a[link text](url)b');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('url');
  });
});
