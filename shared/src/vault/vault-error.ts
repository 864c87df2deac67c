// The one error type the vault throws: a stable code for the caller to branch on and a sentence for the owner.
export const VAULT_ERROR_CODES = [
  'not-locked-text',
  'malformed',
  'unknown-version',
  'unsupported-algorithm',
  'decrypt-failed',
  'wrong-passphrase',
  'empty-passphrase',
  'recovery-key-typo',
  'wrong-recovery-key',
  'unknown-passkey',
  'wrong-passkey',
  'wrong-vault',
  'note-key-mismatch',
  'too-long',
  'invalid-note',
  'invalid-field-name',
  'vault-forgotten',
  'kdf-failed',
  'rotation-pending',
  'no-rotation',
] as const;
export type VaultErrorCode = (typeof VAULT_ERROR_CODES)[number];

export class VaultError extends Error {
  readonly code: VaultErrorCode;

  constructor(code: VaultErrorCode, message: string) {
    super(message);
    this.name = 'VaultError';
    this.code = code;
  }
}

export const DECRYPT_FAILED_MESSAGE =
  'Could not decrypt: the locked data was changed or damaged, belongs to another note or field, or the key is wrong.';
