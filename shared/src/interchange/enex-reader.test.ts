import { describe, expect, it } from 'vitest';
import { NOTE_CONTENT_MAX } from '../schemas/note.ts';
import { EnexError, type EnexNote, EnexReader } from './enex-reader.ts';
import { enexNoteMarkdown } from './enml-to-markdown.ts';
import { SAMPLE_ENEX, SAMPLE_ENEX_JPEG_SHA256, SAMPLE_ENEX_PNG_SHA256 } from './fixtures/sample-enex.ts';

function readAll(text: string, pieceSize = text.length, resourceData = false): EnexNote[] {
  const notes: EnexNote[] = [];
  const reader = new EnexReader((note) => notes.push(note), { resourceData });
  for (let i = 0; i < text.length; i += pieceSize) reader.write(text.slice(i, i + pieceSize));
  reader.close();
  return notes;
}

describe('EnexReader', () => {
  it('reads notes with title, dates, tags, source URL and resources, in pieces of any size', () => {
    const whole = readAll(SAMPLE_ENEX);
    expect(readAll(SAMPLE_ENEX, 7)).toEqual(whole);
    expect(whole).toHaveLength(2);
    expect(whole[0]).toMatchObject({
      title: 'Sourdough & starter',
      tags: ['baking', 'recipes'],
      createdAt: '2023-01-15T08:30:00.000Z',
      updatedAt: '2023-02-20T19:12:45.000Z',
      sourceUrl: 'https://bread.example/sourdough',
      author: 'Ana',
      resources: [
        { fileName: 'starter.jpg', mime: 'image/jpeg', size: 93, data: null },
        { fileName: 'crumb.png', mime: 'image/png', size: 73, data: null },
      ],
    });
    expect(whole[1]).toMatchObject({ title: 'Empty-ish', updatedAt: null, resources: [], tags: [] });
  });

  it('decodes resource bytes when asked, the same in pieces of any size; damaged base64 gives no bytes', async () => {
    const { createHash } = await import('node:crypto');
    const whole = readAll(SAMPLE_ENEX, SAMPLE_ENEX.length, true);
    expect(readAll(SAMPLE_ENEX, 5, true)).toEqual(whole);
    const [jpeg, png] = whole[0]!.resources;
    const sha = (bytes: Uint8Array | null) => createHash('sha256').update(bytes!).digest('hex');
    expect(sha(jpeg!.data)).toBe(SAMPLE_ENEX_JPEG_SHA256);
    expect(sha(png!.data)).toBe(SAMPLE_ENEX_PNG_SHA256);
    expect(png!.size).toBe(73);
    const damaged = SAMPLE_ENEX.replace('iVBORw0KGgo', 'iVBORw0KGg*');
    expect(readAll(damaged, 64, true)[0]!.resources[1]).toMatchObject({ fileName: 'crumb.png', data: null });
  });

  it('converts ENML to markdown: headings, emphasis, checkboxes, lists, the media by hash or a placeholder', () => {
    const [note] = readAll(SAMPLE_ENEX);
    const expected = (media: string[]) => [
      'Source: <https://bread.example/sourdough>',
      '',
      '## Feeding',
      '',
      'Feed **twice** a day.',
      '',
      '[x] Buy rye',
      '',
      '[ ] Bake',
      '',
      '-   100 g flour',
      '-   100 g water',
      '',
      media[0],
      '',
      `Crumb: ${media[1]}`,
    ];
    // Hashes reach the caller in lower case, whatever case the export wrote them in.
    const seen: [string | null, string | null][] = [];
    const linked = enexNoteMarkdown(note!, (hash, type) => {
      seen.push([hash, type]);
      return hash === '5fbde321b8cc9065b33acb8a7bad5d59' ? '![crumb.png](/api/attachments/abc)' : null;
    });
    expect(seen).toEqual([
      ['6933db0c0c7acd3b7202ae9eb0ff36fd', 'image/jpeg'],
      ['5fbde321b8cc9065b33acb8a7bad5d59', 'image/png'],
    ]);
    expect(linked).toBe(
      expected(['*[attachment not imported: image/jpeg]*', '![crumb.png](/api/attachments/abc)']).join('\n'),
    );
    expect(enexNoteMarkdown(note!)).toBe(
      expected(['*[attachment not imported: image/jpeg]*', '*[attachment not imported: image/png]*']).join(
        '\n',
      ),
    );
  });

  it('refuses what is not an ENEX file, saying why', () => {
    expect(() => readAll('<html><body>hi</body></html>')).toThrow(
      new EnexError('not an Evernote export (the document is <html>)'),
    );
    expect(() => readAll('<en-export><note><title>x</title></note>')).toThrow(EnexError);
    expect(() => readAll('<en-export><note></en-export>')).toThrow(/^not valid XML \(line 1:\d+: /);
    expect(() => readAll('just text')).toThrow(EnexError);
  });
});

describe('enexToImportedNote', () => {
  it('keeps tags, dates and the source; names resources for the report', async () => {
    const { describeResource, enexToImportedNote } = await import('./enex-note.ts');
    const [first, second] = readAll(SAMPLE_ENEX);
    expect(describeResource(first!.resources[0]!)).toBe('starter.jpg (93 B)');
    const parsed = enexToImportedNote(first!);
    expect(parsed).toMatchObject({
      ok: true,
      warnings: [],
      note: {
        title: 'Sourdough & starter',
        tags: ['baking', 'recipes'],
        createdAt: '2023-01-15T08:30:00.000Z',
        updatedAt: '2023-02-20T19:12:45.000Z',
        exportedId: null,
      },
    });
    expect(enexToImportedNote(second!)).toMatchObject({
      ok: true,
      note: { content: 'Just text', updatedAt: '2024-01-01T00:00:00.000Z' },
    });
    const huge = enexToImportedNote({
      ...second!,
      enml: `<en-note><div>${'x'.repeat(NOTE_CONTENT_MAX + 1)}</div></en-note>`,
    });
    expect(huge).toEqual({
      ok: false,
      error: `too long: ${(NOTE_CONTENT_MAX + 1).toLocaleString('en-US')} characters (a note holds at most ${NOTE_CONTENT_MAX.toLocaleString('en-US')})`,
    });
  });
});
