import { describe, expect, it } from 'vitest';
import { descriptionText, PREVIEW_MAX, plainText, postDescription, previewText } from './preview-text.ts';

const words = (n: number, word = 'lorem') => Array.from({ length: n }, () => word).join(' ');

describe('previewText', () => {
  it('returns short text whole, without an ellipsis', () => {
    expect(previewText('A short note.')).toBe('A short note.');
    expect(previewText('')).toBe('');
  });

  it('does not add an ellipsis when the text is exactly the limit', () => {
    const text = 'a'.repeat(PREVIEW_MAX);
    expect(previewText(text)).toBe(text);
  });

  it('cuts at a word boundary within 180 characters and appends ...', () => {
    const text = words(60); // 359 characters
    const preview = previewText(text);
    expect(preview.endsWith('...')).toBe(true);
    const body = preview.slice(0, -3);
    expect(body.length).toBeLessThanOrEqual(180);
    expect(body.split(' ').every((w) => w === 'lorem')).toBe(true);
    expect(body.length).toBe(179); // 30 words of 5 letters and 29 spaces
  });

  it('keeps a word that ends exactly at the limit', () => {
    const text = `${'x'.repeat(175)} abcd tail`; // 'abcd' ends at character 180
    expect(previewText(text)).toBe(`${'x'.repeat(175)} abcd...`);
  });

  it('cuts inside a single word longer than the limit', () => {
    expect(previewText('y'.repeat(300))).toBe(`${'y'.repeat(180)}...`);
  });

  it('drops trailing punctuation before the ellipsis', () => {
    const text = `${'w'.repeat(174)} end, more words follow here and there`;
    expect(previewText(text)).toBe(`${'w'.repeat(174)} end...`);
  });

  it('strips markdown and collapses whitespace before cutting', () => {
    expect(previewText('# Title\n\nSome **bold**   text\n\n- item [link](http://a.b)')).toBe(
      'Title Some bold text item link',
    );
  });

  it('honours a custom maximum', () => {
    expect(previewText('one two three four', 9)).toBe('one two...');
  });

  it('handles a long note whose head is mostly markup', () => {
    const content = `![img](${'u'.repeat(5000)})${words(50)}\n${words(5000)}`;
    const preview = previewText(content);
    expect(preview.startsWith('lorem lorem')).toBe(true);
    expect(preview.endsWith('...')).toBe(true);
  });

  it('gives the same preview for a long note as for its head', () => {
    const content = `${words(30_000)}\n${words(30_000)}`;
    expect(previewText(content)).toBe(previewText(words(60)));
  });
});

describe('plainText', () => {
  it('is one trimmed line', () => {
    expect(plainText('\n\n  # A\n\nb\tc  \n')).toBe('A b c');
  });
});

describe('descriptionText', () => {
  it('is the first 160 characters of plain text', () => {
    const text = descriptionText(`## Intro\n\n${words(100)}`);
    expect(text.length).toBe(160);
    expect(text.startsWith('Intro lorem')).toBe(true);
  });

  it('takes a custom length', () => {
    expect(descriptionText('abc def', 5)).toBe('abc d');
  });
});

describe('postDescription', () => {
  it('prefers the excerpt', () => {
    expect(postDescription({ excerpt: ' A *short* summary ', content: 'Body text' })).toBe('A short summary');
  });

  it('falls back to the content and respects the length', () => {
    expect(postDescription({ excerpt: '', content: '# Title\n\nBody text' })).toBe('Title Body text');
    expect(postDescription({ excerpt: null, content: 'x'.repeat(300) }, 150)).toHaveLength(150);
    expect(postDescription({ excerpt: 'y'.repeat(300), content: '' }, 150)).toHaveLength(150);
  });
});
