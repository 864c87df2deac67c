// The checks before a passphrase is used for the vault: both fields the same, and strong enough by the shared
// estimate (PASSPHRASE_MIN_BITS), with the estimate's own reason when it is not.
import {
  estimatePassphraseStrength,
  PASSPHRASE_MIN_BITS,
  type PassphraseStrength,
} from '@private-notes/shared/vault';

export function passphraseStrength(passphrase: string, userInputs: string[] = []): PassphraseStrength {
  return estimatePassphraseStrength(passphrase, userInputs);
}

/** Null when the new passphrase may be used; otherwise what to fix, in the owner's words. */
export function newPassphraseProblem(
  passphrase: string,
  confirm: string,
  userInputs: string[] = [],
): string | null {
  if (!passphrase) return 'Enter a passphrase.';
  const strength = estimatePassphraseStrength(passphrase, userInputs);
  if (strength.bits < PASSPHRASE_MIN_BITS) {
    const why = strength.warnings[0] ?? 'Four or more unrelated words make a strong passphrase.';
    return `This passphrase is too weak (${strength.label.toLowerCase()}, about ${Math.round(strength.bits)} bits; at least ${PASSPHRASE_MIN_BITS} are needed). ${why}`;
  }
  if (passphrase !== confirm) return 'The two passphrases do not match.';
  return null;
}
