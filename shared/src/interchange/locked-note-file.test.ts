import { describe, expect, it } from 'vitest';
import { createVault } from '../vault/vault.ts';
import { checkLockedNoteFile, isLockedNoteFile, lockedNoteToMarkdown } from './locked-note-file.ts';
import { parseMarkdownNote } from './markdown-note.ts';

const cost = { memoryKiB: 8 * 1024, iterations: 1, parallelism: 1 };
const MARKER = 'quokka-secret-5521';

describe('locked notes in an export', () => {
  it('writes the locked text and what a re-import needs, never the title, text or tags', async () => {
    const { header, vault } = await createVault('correct horse battery staple', { cost });
    const text = vault.lockNote('c-1', {
      title: `Diary ${MARKER}`,
      content: `Dear ${MARKER}`,
      tags: [MARKER],
    });
    const file = lockedNoteToMarkdown({
      id: 'c-1',
      text,
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-03T03:04:05.000Z',
    });
    expect(file).not.toContain(MARKER);
    expect(file).toBe(
      `---\nid: c-1\ncreated: 2026-01-02T03:04:05.000Z\nupdated: 2026-01-03T03:04:05.000Z\nlocked: true\nvault: ${header.vaultKeyId}\n---\n\n${text}`,
    );
    // Read back as the importer reads any markdown file: the body is the locked text, the id is the note's.
    const parsed = parseMarkdownNote(file, 'Locked note.md');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(isLockedNoteFile(parsed.note.content)).toBe(true);
    expect(parsed.note.exportedId).toBe('c-1');
    const check = checkLockedNoteFile(parsed.note.content, parsed.note.exportedId, header.vaultKeyId);
    expect(check).toEqual({ ok: true, text, exportedId: 'c-1', vaultKeyId: header.vaultKeyId });
    if (check.ok)
      expect(vault.openLockedNote(check.exportedId, check.text).fields.content).toBe(`Dear ${MARKER}`);
    vault.forget();
  });

  it('refuses another vault, no vault, no id and damaged text, each with its reason', async () => {
    const { vault } = await createVault('correct horse battery staple', { cost });
    const text = vault.lockNote('c-1', { title: 'a', content: 'b', tags: [] });
    vault.forget();
    const another = checkLockedNoteFile(text, 'c-1', 'otherVaultKey');
    expect(another.ok).toBe(false);
    expect(!another.ok && another.error).toMatch(
      /^a locked note of another vault \(key .+, this vault's is otherVaultKey\)/,
    );
    expect(checkLockedNoteFile(text, 'c-1', null)).toEqual({
      ok: false,
      error: 'a locked note, but locked notes are not set up here: set them up with the same vault first',
      vault: true,
    });
    expect(checkLockedNoteFile(text, null, 'x')).toMatchObject({
      ok: false,
      error: /without its id/,
      vault: false,
    });
    expect(another).toMatchObject({ vault: true });
    const damaged = text.split('\n').slice(0, 4).join('\n');
    expect(checkLockedNoteFile(damaged, 'c-1', 'x')).toEqual({
      ok: false,
      error: 'This locked note is damaged: it has 4 lines, not 5.',
      vault: false,
    });
    expect(isLockedNoteFile('# A plain note\n\npnlocked.1')).toBe(false);
  });
});
