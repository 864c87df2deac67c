import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_IDS } from './page-ids.ts';
import { createHeadingIds, noteHeadings } from './table-of-contents.ts';

const webSrc = path.resolve(import.meta.dirname, '../../../web/src');

describe('PAGE_IDS', () => {
  it('lists every literal id the web app puts in its markup', () => {
    const files = readdirSync(webSrc, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.tsx'),
    );
    const literal = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(path.join(webSrc, file), 'utf8').matchAll(/\bid="([^"]+)"/g)) {
        literal.add(match[1]!);
      }
    }
    expect(literal.size).toBeGreaterThan(10);
    expect([...literal].filter((id) => !PAGE_IDS.includes(id)).sort()).toEqual([]);
  });

  it('are never given to a heading', () => {
    const nextId = createHeadingIds();
    expect(nextId('Comments')).toBe('comments-1');
    expect(nextId('Main')).toBe('main-1');
    expect(nextId('Comments')).toBe('comments-2');
    expect(noteHeadings('# Comments\n\n## Post title\n\n## Comments 1').map((h) => h.id)).toEqual([
      'comments-1',
      'post-title-1',
      'comments-1-1',
    ]);
  });
});
