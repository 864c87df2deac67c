import { createVault, parseLockedNote } from '@private-notes/shared/vault';
import { expect, it } from 'vitest';
import { createLockedNoteCache } from './locked-note-cache.ts';

const cost = { memoryKiB: 8192, iterations: 1, parallelism: 1 };
const fields = { title: 'T', content: 'secret', tags: ['a'] };

it('keeps one key per note across seals, caches opened texts, and opens nothing once the vault is forgotten', async () => {
  const { vault } = await createVault('cache test passphrase', { cost });
  const codec = createLockedNoteCache(vault);
  const first = codec.seal('n1', fields);
  const second = codec.seal('n1', { ...fields, content: 'more' });
  expect(parseLockedNote(second).noteKey).toEqual(parseLockedNote(first).noteKey);
  expect(parseLockedNote(codec.seal('n2', fields)).noteKey).not.toEqual(parseLockedNote(first).noteKey);
  expect(codec.open('n1', second)).toEqual({ ...fields, content: 'more' });
  // Another note's text does not open under this id (the id is bound in the associated data).
  expect(() => createLockedNoteCache(vault).open('n2', first)).toThrow('Could not decrypt');
  vault.forget();
  expect(() => createLockedNoteCache(vault).open('n1', first)).toThrow('The vault is locked');
});
