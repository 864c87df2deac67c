// Test helper: a real vault and real locked notes, made in Node with the same code the browser runs
// (shared/src/vault), at the smallest Argon2id cost a header may record so the suites stay fast.
import { createVault } from '@private-notes/shared/vault';

export const CHEAP_KDF = { cost: { memoryKiB: 8 * 1024, iterations: 1, parallelism: 1 } };

export type TestVault = Awaited<ReturnType<typeof createVault>>;

export function makeVault(passphrase = 'correct horse battery staple'): Promise<TestVault> {
  return createVault(passphrase, CHEAP_KDF);
}

/** A locked note's stored content: `noteId` is the device's id the associated data binds (its client id). */
export function lockedText(
  vault: TestVault,
  noteId: string,
  fields: { title: string; content: string; tags?: string[] },
): string {
  return vault.vault.lockNote(noteId, { tags: [], ...fields });
}
