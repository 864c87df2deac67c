// What the start log says about the owner account: on the first start, the account created (with its
// generated password, shown this once, or naming OWNER_PASSWORD as the password); on later starts, the
// account's name, so an owner who set OWNER_PASSWORD knows which account it was and that it is not reset.

export function ownerStartMessage(
  owner: { created: boolean; generatedPassword: string | null },
  configuredUsername: string,
  existingUsername: string | null,
): string {
  if (owner.generatedPassword) {
    // Printed once, on the first start only; only its scrypt hash is stored.
    return (
      `\nCreated the owner account.\n  username: ${configuredUsername}\n  password: ${owner.generatedPassword}\n` +
      'This password is shown only this once. Change it in Settings › Security.\n'
    );
  }
  if (owner.created)
    return `Created the owner account "${configuredUsername}" with the password in OWNER_PASSWORD.`;
  return `Owner account: "${existingUsername ?? configuredUsername}" (OWNER_PASSWORD sets the password only when the account is created; change it in Settings › Security).`;
}
