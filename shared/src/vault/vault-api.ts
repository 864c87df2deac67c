// The vault header's place on the server (issue 34): GET/PUT/DELETE /api/vault, and the messages the server
// answers about locked notes. The header is opaque to the server (vault-header.ts): it is checked against
// VaultHeaderSchema and stored exactly as sent, under a version number so two devices cannot overwrite each
// other's. See docs/decisions/locked-notes-server.md.
import { z } from 'zod';
import { VaultHeaderSchema } from './vault-header.ts';

export const VAULT_PATH = '/api/vault';

/** The largest PUT /api/vault body: a header with 20 passkey wraps is about 6 KB. */
export const VAULT_BODY_MAX_BYTES = 64 * 1024;

/** GET /api/vault, and PUT's answer: version 0 and no header while the owner has no vault. */
export const VaultStateSchema = z.object({
  header: VaultHeaderSchema.nullable(),
  version: z.number().int().nonnegative(),
});
export type VaultState = z.infer<typeof VaultStateSchema>;

/**
 * PUT /api/vault: `baseVersion` is the version the device last saw (0 to create the first vault). The header is
 * checked with VaultHeaderSchema (loose: fields a later version adds are kept as sent).
 */
export const VaultPutSchema = z.object({
  header: z.custom<unknown>((value) => value !== undefined, { error: 'is required' }),
  baseVersion: z.number().int().nonnegative(),
});
export type VaultPut = z.input<typeof VaultPutSchema>;

/** DELETE /api/vault?version=N: the version the deleting device last saw. */
export const VaultDeleteQuerySchema = z.object({
  version: z
    .string({ error: 'is required (the vault version this device last saw)' })
    .regex(/^(0|[1-9][0-9]{0,14})$/, 'must be a whole number')
    .transform(Number),
});

/** The 409 of a PUT or DELETE based on a version that is no longer the server's (the answer adds `header`, `version`). */
export const VAULT_CHANGED_MESSAGE = 'The vault changed on another device.';

/** The 409 of DELETE /api/vault while locked notes remain (the Trash counts). */
export function lockedNotesRemainMessage(count: number): string {
  return count === 1
    ? '1 locked note remains: delete it first.'
    : `${count} locked notes remain: delete them first.`;
}

/** The 400 of a locked note sent with a title or tags outside its encrypted text. */
export const LOCKED_NOTE_FIELDS_MESSAGE =
  'A locked note keeps its title and tags inside its encrypted text; send an empty title and no tags.';

/** The 400 of a server feature that would need a locked note's text (AI, convert to a blog post). */
export const LOCKED_NOTE_TEXT_MESSAGE = 'This note is locked: its text is only on your devices.';
