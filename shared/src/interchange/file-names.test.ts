import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX_BYTES, FileNamer, safeFileName } from './file-names.ts';

describe('safeFileName', () => {
  it.each([
    ['Plain title', 'Plain title'],
    ['a/b\\c:d*e?f"g<h>i|j', 'a-b-c-d-e-f-g-h-i-j'],
    ['tab\there\nnewline', 'tab here newline'],
    ['bell\u0007', 'bell-'],
    ['  spaced  out  ', 'spaced out'],
    ['ends with dots...', 'ends with dots'],
    ['.hidden', 'hidden'],
    ['...', 'Untitled'],
    ['', 'Untitled'],
    ['CON', 'CON_'],
    ['nul', 'nul_'],
    ['com1.txt', 'com1.txt_'],
    ['LPT9', 'LPT9_'],
    ['Console', 'Console'],
    ['Café ☕', 'Café ☕'],
  ])('%j → %j', (title, expected) => {
    expect(safeFileName(title)).toBe(expected);
  });

  it('caps the length in UTF-8 bytes without splitting a character', () => {
    const long = safeFileName('€'.repeat(200)); // 3 bytes each
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(FILE_NAME_MAX_BYTES);
    expect(long).toBe('€'.repeat(60));
    const emoji = safeFileName('😀'.repeat(100)); // 4 bytes, a surrogate pair each
    expect(emoji).toBe('😀'.repeat(45));
    expect(safeFileName(`${'a'.repeat(179)} b`)).toBe('a'.repeat(179));
  });
});

describe('FileNamer', () => {
  it('numbers collisions, ignoring case', () => {
    const namer = new FileNamer();
    expect(['Note', 'note', 'NOTE', 'Other', 'Note'].map((t) => namer.next(t))).toEqual([
      'Note.md',
      'note (2).md',
      'NOTE (3).md',
      'Other.md',
      'Note (4).md',
    ]);
  });

  it('avoids reserved entries and numbers titles that sanitise alike', () => {
    const namer = new FileNamer(['_resources']);
    expect(namer.next('_resources', '')).toBe('_resources (2)');
    expect(namer.next('a/b')).toBe('a-b.md');
    expect(namer.next('a:b')).toBe('a-b (2).md');
  });
});
