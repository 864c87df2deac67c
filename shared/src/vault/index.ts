// Locked notes' cryptography (issue 34): pure, no DOM; the same code in Node and the browser.
// See docs/decisions/locked-notes-crypto.md for the envelope, the key hierarchy and the parameters.
export { fromBase64Url, toBase64Url } from './bytes.ts';
export {
  ENVELOPE_ALGORITHM,
  ENVELOPE_MARKER,
  ENVELOPE_VERSION,
  type Envelope,
  EnvelopeSchema,
  formatEnvelope,
  looksLikeEnvelope,
  parseEnvelope,
} from './envelope.ts';
export {
  deriveKeyEncryptionKey,
  KDF_DEFAULTS,
  type KdfCost,
  type KdfParams,
  KdfParamsSchema,
  normalizePassphrase,
  recommendedKdfCost,
} from './kdf.ts';
export {
  finishKeyRotation,
  lockedNoteVaultKeyId,
  openHeaderKeys,
  startKeyRotation,
} from './key-rotation.ts';
export {
  formatLockedNote,
  LOCKED_NOTE_FIELDS,
  type LockedNote,
  type LockedNoteField,
  parseLockedNote,
} from './locked-note.ts';
export { isLockedNoteText, LOCKED_NOTE_MARKER, LOCKED_NOTE_VERSION } from './locked-note-marker.ts';
export {
  addPasskeyUnlock,
  passkeyPrfInput,
  removePasskeyUnlock,
  unlockVaultWithPasskey,
} from './passkey-unlock.ts';
export {
  estimatePassphraseStrength,
  PASSPHRASE_MIN_BITS,
  PASSPHRASE_SCORE_BITS,
  PASSPHRASE_STRENGTH_LABELS,
  type PassphraseStrength,
} from './passphrase-strength.ts';
export { parseRecoveryKey, RECOVERY_KEY_CHARS, type RecoveryKeyText } from './recovery-key.ts';
export { type NoteFields, NoteKey, UnlockedVault } from './unlocked-vault.ts';
export {
  changePassphrase,
  createVault,
  type KekDeriver,
  replaceRecoveryKey,
  unlockVault,
  unlockVaultWithRecoveryKey,
  type VaultOptions,
} from './vault.ts';
export { VAULT_ERROR_CODES, VaultError, type VaultErrorCode } from './vault-error.ts';
export {
  formatVaultHeader,
  parseVaultHeader,
  type VaultHeader,
  VaultHeaderSchema,
  type VaultRotation,
} from './vault-header.ts';
