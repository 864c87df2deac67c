import { describe, expect, it } from 'vitest';
import { NOTE_CONTENT_MAX } from '../schemas/note.ts';
import { noteToMarkdown, parseMarkdownNote } from './markdown-note.ts';
import { ExistingNotes } from './match-key.ts';

const note = {
  id: 'n_abc123',
  title: 'Plan: "Q3" #1',
  content: '# Plan\n\n- item: one\n---\nnot front matter\n',
  tags: ['work', 'q3 plans'],
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-02-01T12:30:15.250+01:00',
};

describe('noteToMarkdown', () => {
  it('writes front matter in the fixed key order, UTC dates, then the content unchanged', () => {
    const text = noteToMarkdown({ ...note, post: 'https://example.com/blog/post/4/plan' });
    expect(text).toBe(
      [
        '---',
        'title: "Plan: \\"Q3\\" #1"',
        'id: n_abc123',
        'created: 2026-01-10T09:00:00.000Z',
        'updated: 2026-02-01T11:30:15.250Z',
        'tags:',
        '  - work',
        '  - q3 plans',
        'post: "https://example.com/blog/post/4/plan"',
        '---',
        '',
        note.content,
      ].join('\n'),
    );
  });

  it('round-trips through parseMarkdownNote: title, content, tags, dates and id', () => {
    const parsed = parseMarkdownNote(noteToMarkdown({ ...note, tags: [] }), 'whatever.md');
    expect(parsed).toEqual({
      ok: true,
      warnings: [],
      note: {
        title: note.title,
        content: note.content,
        tags: [],
        createdAt: '2026-01-10T09:00:00.000Z',
        updatedAt: '2026-02-01T11:30:15.250Z',
        exportedId: 'n_abc123',
      },
    });
  });
});

describe('parseMarkdownNote', () => {
  it('reads an Obsidian note: heading title, date alias, tags with #, embedded and linked images', () => {
    const text = [
      '---',
      'aliases: [Trip]',
      'tags: [travel, "#ideas", travel]',
      'date: 2024-05-01',
      'lastmod: 2024-05-03 10:15',
      '---',
      '# Lisbon trip',
      '',
      'See ![[map.png]] and ![photo](attachments/tram%201.jpg "tram") and ![web](https://x.test/a.png).',
    ].join('\r\n');
    const parsed = parseMarkdownNote(text, 'Vault/Travel/lisbon.md');
    expect(parsed.ok && parsed.note).toMatchObject({
      title: 'Lisbon trip',
      tags: ['travel', 'ideas'],
      createdAt: '2024-05-01T00:00:00.000Z',
      updatedAt: '2024-05-03T10:15:00.000Z',
      exportedId: null,
    });
    expect(parsed.ok && parsed.note.content.startsWith('# Lisbon trip\n\nSee')).toBe(true);
  });

  it("imports Obsidian's inline #tags with the front matter's, none from code, headings or numbers", () => {
    const text = [
      '---',
      'tags: [biology]',
      '---',
      '# Cells #notatag',
      '',
      'Mitochondria #biology #cells/organelles and #exam-prep, issue #35, C#, a link https://x.org/#anchor.',
      '`#code` stays out.',
      '```',
      '#include <stdio.h>',
      '```',
      '#review',
    ].join('\n');
    const parsed = parseMarkdownNote(text, 'Vault/Cells.md');
    expect(parsed.ok && parsed.note.tags).toEqual([
      'biology',
      'notatag',
      'cells/organelles',
      'exam-prep',
      'review',
    ]);
    // The text keeps its tags where they were.
    expect(parsed.ok && parsed.note.content).toContain('#cells/organelles');
  });

  it("reads Joplin's Markdown + Front Matter export (space-separated UTC dates)", () => {
    const text = [
      '---',
      'title: Meeting notes',
      'updated: 2023-09-14 17:50:03Z',
      'created: 2023-09-14 17:45:00Z',
      'latitude: 0.00000000',
      'tags:',
      '  - work',
      '---',
      '',
      'Agenda',
    ].join('\n');
    const parsed = parseMarkdownNote(text, 'Meeting notes.md');
    expect(parsed).toMatchObject({
      ok: true,
      warnings: [],
      note: {
        title: 'Meeting notes',
        content: 'Agenda',
        tags: ['work'],
        createdAt: '2023-09-14T17:45:00.000Z',
        updatedAt: '2023-09-14T17:50:03.000Z',
      },
    });
  });

  it('falls back to the file name; keywords as a comma list; BOM stripped', () => {
    const parsed = parseMarkdownNote('\uFEFF---\nkeywords: a, b\n---\nplain text', 'folder/My file.markdown');
    expect(parsed.ok && parsed.note).toMatchObject({
      title: 'My file',
      tags: ['a', 'b'],
      content: 'plain text',
    });
    expect(parseMarkdownNote('no front matter', 'x.md')).toMatchObject({ ok: true, note: { title: 'x' } });
  });

  it('reports what it could not use, and keeps unreadable front matter as text', () => {
    const bad = parseMarkdownNote('---\ntitle: [unclosed\n---\nbody', 'b.md');
    expect(bad.ok).toBe(true);
    if (!bad.ok) return;
    expect(bad.warnings[0]).toMatch(/^front matter could not be read/);
    expect(bad.note.content).toBe('---\ntitle: [unclosed\n---\nbody');
    const dates = parseMarkdownNote('---\ncreated: someday\ntags: 7\n---\nx', 'd.md');
    expect(dates.ok && dates.warnings).toEqual([
      'tags: not a list, left out',
      'created: "someday" is not a date, left out',
    ]);
    const many = parseMarkdownNote(
      `---\ntags: [${Array.from({ length: 35 }, (_, i) => `t${i}`).join(', ')}]\ntitle: ${'t'.repeat(250)}\n---\n`,
      'm.md',
    );
    expect(many.ok && many.note.tags).toHaveLength(30);
    expect(many.ok && many.note.title).toHaveLength(200);
    expect(many.ok && many.warnings).toEqual([
      'title cut to 200 characters',
      '35 tags: only the first 30 were kept',
    ]);
  });

  it('refuses a note over the size limit with a clear message', () => {
    expect(parseMarkdownNote('x'.repeat(NOTE_CONTENT_MAX + 1), 'huge.md')).toEqual({
      ok: false,
      error: `too long: ${(NOTE_CONTENT_MAX + 1).toLocaleString('en-US')} characters (a note holds at most ${NOTE_CONTENT_MAX.toLocaleString('en-US')})`,
    });
  });
});

describe('ExistingNotes', () => {
  it('matches by exported id first, then by title and content', () => {
    const existing = new ExistingNotes([{ id: 'n1', title: 'A', content: 'alpha\n' }]);
    expect(existing.match({ exportedId: 'n1', title: 'changed', content: 'changed' })).toBe('n1');
    expect(existing.match({ exportedId: 'zz', title: ' a ', content: 'alpha' })).toBe('n1');
    expect(existing.match({ exportedId: null, title: 'A', content: 'beta' })).toBeNull();
    existing.add({ exportedId: null, title: 'A', content: 'beta' }, 'n2');
    expect(existing.match({ exportedId: null, title: 'A', content: 'beta\r\n' })).toBe('n2');
  });
});

describe('yamlScalar', () => {
  it.each([
    'plain words',
    'Plan: "Q3" #1',
    'true',
    'No',
    '~',
    'null',
    '123',
    '1e5',
    '-7',
    '0x1F',
    '.5',
    '- dash',
    '? q',
    'a: b',
    'ends with space ',
    ' starts with space',
    'tab\there',
    'line\nbreak',
    '#hash',
    '@at',
    '`tick`',
    "it's",
    'Café ☕ 😀',
    '[not, a, list]',
    '{not: a map}',
    '*alias',
    '&anchor',
    '!tag',
    '%directive',
    '|block',
    '>folded',
    '',
    '2026-01-10T09:00:00.000Z',
    '2026-01-10',
    'n_abc123',
  ])('%j reads back as the same string', async (value) => {
    const { parse } = await import('yaml');
    const text = noteToMarkdown({ ...note, title: value, tags: [value] });
    const front = parse(text.split('\n---\n')[0]!.replace(/^---\n/, ''));
    expect(front.title).toBe(value);
    expect(front.tags).toEqual([value]);
  });
});
