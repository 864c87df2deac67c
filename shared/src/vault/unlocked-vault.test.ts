import { describe, expect, it } from 'vitest';
import { isLockedNoteText } from './locked-note-marker.ts';
import { randomKey } from './seal.ts';
import { UnlockedVault } from './unlocked-vault.ts';
import { VaultError } from './vault-error.ts';

const vault = () => new UnlockedVault('vault-1', randomKey());
const note = {
  title: 'Passwords',
  content: 'Family account: zanzibar-quokka\nline two',
  tags: ['home', 'accounts'],
};

function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'accepted';
  } catch (error) {
    if (error instanceof VaultError) return error.code;
    throw error;
  }
}
const lines = (text: string) => text.split('\n');

describe('locking a note', () => {
  it('stores five lines of ciphertext that hold none of the title, text or tags, and opens to the same note', () => {
    const v = vault();
    const locked = v.lockNote('note-1', note);
    expect(isLockedNoteText(locked)).toBe(true);
    expect(lines(locked)).toHaveLength(5);
    expect(lines(locked)[0]).toBe('pnlocked.1');
    for (const word of ['Passwords', 'zanzibar', 'quokka', 'home', 'accounts'])
      expect(locked).not.toContain(word);
    expect(v.openLockedNote('note-1', locked).fields).toEqual(note);
  });

  it('round-trips empty fields, long text and any Unicode', () => {
    const v = vault();
    const fields = { title: '', content: `${'日本語 🔒 ü\u0000'.repeat(5000)}`, tags: [] };
    expect(v.openLockedNote('n', v.lockNote('n', fields)).fields).toEqual(fields);
  });

  it('checks the fields as the server checks a plain note, since the server cannot check a locked one', () => {
    const v = vault();
    const trimmed = v.openLockedNote(
      'n',
      v.lockNote('n', { title: '  Padded  ', content: 'c', tags: [' a '] }),
    );
    expect(trimmed.fields).toEqual({ title: 'Padded', content: 'c', tags: ['a'] });
    expect(() => v.lockNote('n', { ...note, title: 't'.repeat(201) })).toThrow(
      'title: must be at most 200 characters',
    );
    expect(codeOf(() => v.lockNote('n', { ...note, tags: [''] }))).toBe('invalid-note');
    expect(
      codeOf(() => v.lockNote('n', { ...note, tags: Array.from({ length: 31 }, (_, i) => `t${i}`) })),
    ).toBe('invalid-note');
  });

  it('refuses a note whose ciphertext would not fit a note’s content limit, and says how long it would be', () => {
    const v = vault();
    // ~786,000 ASCII characters fit; 3-byte characters take 4 stored characters each.
    expect(v.lockNote('n', { ...note, content: 'a'.repeat(780_000) }).length).toBeLessThanOrEqual(1_048_576);
    expect(() => v.lockNote('n', { ...note, content: '日'.repeat(300_000) })).toThrow(
      /^This note is too long to lock: locked, it would take 1,200,\d{3} of the 1,048,576 characters a note can hold\.$/,
    );
  });

  it('keeps the note key across edits when given it, and makes a new one otherwise', () => {
    const v = vault();
    const first = v.lockNote('n', note);
    const { noteKey } = v.openLockedNote('n', first);
    const edited = v.lockNote('n', { ...note, content: 'edited' }, noteKey);
    expect(lines(edited)[1]).toBe(lines(first)[1]);
    expect(v.openLockedNote('n', edited).fields.content).toBe('edited');
    expect(lines(v.lockNote('n', note))[1]).not.toBe(lines(first)[1]);
    expect(codeOf(() => v.lockNote('other', note, noteKey))).toBe('note-key-mismatch');
  });
});

describe('what a locked note refuses', () => {
  it('a locked note moved to another note id', () => {
    const v = vault();
    expect(codeOf(() => v.openLockedNote('note-2', v.lockNote('note-1', note)))).toBe('decrypt-failed');
  });

  it('a note key swapped in from another note', () => {
    const v = vault();
    const lockedA = v.lockNote('a', note);
    const a = lines(lockedA);
    const b = lines(v.lockNote('b', { ...note, title: 'B' }));
    // b's fields under a's wrapped key: the wrap names note a (and a's key id) in its associated data.
    expect(codeOf(() => v.openLockedNote('b', [b[0], a[1], b[2], b[3], b[4]].join('\n')))).toBe(
      'decrypt-failed',
    );
    // a's wrapped key presented as b's, with its own key id: still refused, only note a can unwrap it.
    const { noteKey } = v.openLockedNote('a', lockedA);
    expect(codeOf(() => v.openNoteKey('b', noteKey.wrapped, noteKey.id))).toBe('decrypt-failed');
    expect(v.openNoteKey('a', noteKey.wrapped, noteKey.id).id).toBe(noteKey.id);
  });

  it('fields swapped within a note (title and content) or taken from another note', () => {
    const v = vault();
    const { noteKey } = v.openLockedNote('a', v.lockNote('a', note));
    const a = lines(v.lockNote('a', note, noteKey));
    expect(codeOf(() => v.openLockedNote('a', [a[0], a[1], a[3], a[2], a[4]].join('\n')))).toBe(
      'decrypt-failed',
    );
    expect(codeOf(() => v.openLockedNote('a', [a[0], a[1], a[2], a[4], a[3]].join('\n')))).toBe(
      'decrypt-failed',
    );
    const other = lines(v.lockNote('b', note));
    expect(codeOf(() => v.openLockedNote('a', [...a.slice(0, 3), other[3], a[4]].join('\n')))).toBe(
      'malformed',
    );
  });

  it('a note locked by another vault, and any use after forget()', () => {
    const v = vault();
    const locked = v.lockNote('a', note);
    expect(codeOf(() => new UnlockedVault('vault-1', randomKey()).openLockedNote('a', locked))).toBe(
      'decrypt-failed',
    );
    expect(codeOf(() => new UnlockedVault('vault-2', randomKey()).openLockedNote('a', locked))).toBe(
      'wrong-vault',
    );
    const { noteKey } = v.openLockedNote('a', locked);
    expect(codeOf(() => vault().lockNote('a', note, noteKey))).toBe('wrong-vault');
    v.forget();
    expect(v.isForgotten).toBe(true);
    expect(codeOf(() => v.openLockedNote('a', locked))).toBe('vault-forgotten');
    expect(codeOf(() => v.lockNote('a', note))).toBe('vault-forgotten');
    // A note key the editor still holds opens and seals nothing once the vault is locked.
    expect(codeOf(() => v.lockNote('a', note, noteKey))).toBe('vault-forgotten');
    expect(codeOf(() => v.sealText(noteKey, 'content', 'after lock'))).toBe('vault-forgotten');
  });

  it('a damaged or newer locked note, by name', () => {
    const v = vault();
    const locked = v.lockNote('a', note);
    expect(codeOf(() => v.openLockedNote('a', 'just text'))).toBe('not-locked-text');
    expect(codeOf(() => v.openLockedNote('a', locked.replace('pnlocked.1', 'pnlocked.2')))).toBe(
      'unknown-version',
    );
    expect(codeOf(() => v.openLockedNote('a', lines(locked).slice(0, 4).join('\n')))).toBe('malformed');
    expect(v.openLockedNote('a', `${locked.replace(/\n/g, '\r\n')}\n`).fields).toEqual(note);
  });

  it('tags that decrypt but are not a list of strings', () => {
    const v = vault();
    const { noteKey } = v.openLockedNote('a', v.lockNote('a', note));
    const parts = lines(v.lockNote('a', note, noteKey));
    parts[4] = v.sealText(noteKey, 'tags', '{"not":"a list"}');
    expect(() => v.openLockedNote('a', parts.join('\n'))).toThrow('its tags are not a list of words');
  });
});

describe('other sealed values of a note (attachments, cards)', () => {
  it('seal under the note key with their own field name', () => {
    const v = vault();
    const { noteKey } = v.openLockedNote('a', v.lockNote('a', note));
    const card = v.sealText(noteKey, 'card:c1', 'Q: capital of France? A: Paris');
    expect(v.openText(noteKey, 'card:c1', card)).toBe('Q: capital of France? A: Paris');
    expect(codeOf(() => v.openText(noteKey, 'card:c2', card))).toBe('decrypt-failed');
    expect(codeOf(() => v.sealText(noteKey, 'Bad Field', 'x'))).toBe('invalid-field-name');
  });
});

describe('vault key rotation, note by note', () => {
  it('re-wraps only the note key line: the new vault opens the note, the old one no longer does', () => {
    const oldVault = new UnlockedVault('vault-old', randomKey());
    const newVault = new UnlockedVault('vault-new', randomKey());
    const locked = oldVault.lockNote('a', note);
    const rotated = oldVault.rewrapLockedNote('a', locked, newVault);
    expect(lines(rotated)[1]).not.toBe(lines(locked)[1]);
    expect(lines(rotated).slice(2)).toEqual(lines(locked).slice(2));
    expect(newVault.openLockedNote('a', rotated).fields).toEqual(note);
    expect(codeOf(() => oldVault.openLockedNote('a', rotated))).toBe('wrong-vault');
    // Run again after a crash: a note already rotated is left as it is (and checked).
    expect(oldVault.rewrapLockedNote('a', rotated, newVault)).toBe(rotated);
    expect(codeOf(() => oldVault.rewrapLockedNote('b', rotated, newVault))).toBe('decrypt-failed');
  });
});
