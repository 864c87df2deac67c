import { describe, expect, it } from 'vitest';
import { NOTE_CONTENT_MAX } from '../schemas/note.ts';
import { EnexError, type EnexNote, EnexReader } from './enex-reader.ts';
import { enexNoteMarkdown } from './enml-to-markdown.ts';
import { SAMPLE_ENEX } from './fixtures/sample-enex.ts';

function readAll(text: string, pieceSize = text.length): EnexNote[] {
  const notes: EnexNote[] = [];
  const reader = new EnexReader((note) => notes.push(note));
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
      resources: [{ fileName: 'starter.jpg', mime: 'image/jpeg', size: 93 }],
    });
    expect(whole[1]).toMatchObject({ title: 'Empty-ish', updatedAt: null, resources: [], tags: [] });
  });

  it('converts ENML to markdown: headings, emphasis, checkboxes, lists, a placeholder for the media', () => {
    const [note] = readAll(SAMPLE_ENEX);
    expect(enexNoteMarkdown(note!)).toBe(
      [
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
        '*[attachment not imported: image/jpeg]*',
      ].join('\n'),
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
  it('keeps tags, dates and the source, and reports the resources it could not bring', async () => {
    const { enexToImportedNote } = await import('./enex-note.ts');
    const [first, second] = readAll(SAMPLE_ENEX);
    const parsed = enexToImportedNote(first!);
    expect(parsed).toMatchObject({
      ok: true,
      warnings: [
        '1 attachment not imported: starter.jpg (1 KB). Attachments are not supported yet; the note marks where each was',
      ],
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
