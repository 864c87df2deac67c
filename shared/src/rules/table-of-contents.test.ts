import { describe, expect, it } from 'vitest';
import {
  createHeadingIds,
  hasHeading,
  headingText,
  noteHeadings,
  tableOfContents,
} from './table-of-contents.ts';

describe('tableOfContents', () => {
  it('lists # and ## headings with slug ids', () => {
    const md = '# Getting Started\n\nIntro text.\n\n## Install the CLI\n\nMore.\n\n### Details\n';
    expect(tableOfContents(md)).toEqual([
      { id: 'getting-started', text: 'Getting Started', level: 1 },
      { id: 'install-the-cli', text: 'Install the CLI', level: 2 },
    ]);
  });

  it('de-duplicates ids with -1, -2', () => {
    const md = '## Example\n\n## Example\n\n## Example\n';
    expect(tableOfContents(md).map((e) => e.id)).toEqual(['example', 'example-1', 'example-2']);
  });

  it('counts lower-level headings when de-duplicating, as the renderer does', () => {
    const md = '### Setup\n\n## Setup\n';
    expect(tableOfContents(md)).toEqual([{ id: 'setup-1', text: 'Setup', level: 2 }]);
  });

  it('does not collide with a heading that already ends in -1', () => {
    const md = '## Step\n## Step 1\n## Step\n';
    expect(tableOfContents(md).map((e) => e.id)).toEqual(['step', 'step-1', 'step-2']);
  });

  it('ignores headings inside fenced code', () => {
    const md =
      '# Real\n\n```bash\n# a comment\n## not a heading\n```\n\n~~~~\n# nope\n~~~\n# still code\n~~~~\n\n## After\n';
    expect(tableOfContents(md).map((e) => e.text)).toEqual(['Real', 'After']);
  });

  it('ignores indented code and lines without a space after the hashes', () => {
    const md = '    # indented code\n#hashtag\n####### seven\n# Kept\n';
    expect(tableOfContents(md).map((e) => e.text)).toEqual(['Kept']);
  });

  it('strips inline markdown and closing hashes from the text', () => {
    const md = '## **Bold** and [a link](https://x.y) `code` ##\n';
    expect(tableOfContents(md)).toEqual([
      { id: 'bold-and-a-link-code', text: 'Bold and a link code', level: 2 },
    ]);
  });

  it('reads setext headings', () => {
    const md = 'Title\n=====\n\nSection\n---\n\n- item\n---\n';
    expect(tableOfContents(md)).toEqual([
      { id: 'title', text: 'Title', level: 1 },
      { id: 'section', text: 'Section', level: 2 },
    ]);
  });

  it('gives a heading with no slug characters the id section', () => {
    expect(tableOfContents('# ???\n# !!!')).toEqual([
      { id: 'section', text: '???', level: 1 },
      { id: 'section-1', text: '!!!', level: 1 },
    ]);
  });

  it('leaves out empty headings and handles CRLF', () => {
    expect(tableOfContents('#\r\n# One\r\n##   \r\n')).toEqual([{ id: 'one', text: 'One', level: 1 }]);
  });
});

describe('noteHeadings', () => {
  it('covers levels 1 to 6', () => {
    const md = Array.from({ length: 6 }, (_, i) => `${'#'.repeat(i + 1)} H${i + 1}`).join('\n');
    expect(noteHeadings(md).map((h) => [h.level, h.id])).toEqual([
      [1, 'h1'],
      [2, 'h2'],
      [3, 'h3'],
      [4, 'h4'],
      [5, 'h5'],
      [6, 'h6'],
    ]);
  });
});

describe('hasHeading', () => {
  it('is true for a # heading', () => {
    expect(hasHeading('text\n\n## Section\n')).toBe(true);
  });

  it('is false without a heading, for a #hashtag and for headings only in code', () => {
    expect(hasHeading('plain text')).toBe(false);
    expect(hasHeading('#tag and C# code')).toBe(false);
    expect(hasHeading('```\n# comment\n```')).toBe(false);
  });
});

describe('createHeadingIds', () => {
  it('gives the same ids as noteHeadings when called in order', () => {
    const md = '# A\n## B\n### A\n# B';
    const nextId = createHeadingIds();
    expect(['A', 'B', 'A', 'B'].map(nextId)).toEqual(noteHeadings(md).map((h) => h.id));
  });

  it('accepts raw inline markdown or plain text alike', () => {
    expect(createHeadingIds()('**Hello** _world_')).toBe(createHeadingIds()('Hello world'));
  });
});

describe('headingText', () => {
  it('removes backslash escapes', () => {
    expect(headingText('1\\. Not a list')).toBe('1. Not a list');
  });
});
