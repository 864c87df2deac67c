// The passkeys that unlock the vault, as the screens see them (read from the header without its crypto), and
// the one-retry rule for saving a header change the server refused as stale (another device changed it first).
export interface PasskeyUnlockSummary {
  credentialId: string;
  label: string;
  createdAt: string;
}

export const HEADER_BUSY_MESSAGE =
  'Locked notes changed on another device twice while saving. Nothing was changed here: try again.';

/** The header's passkey wraps (label, date, credential id), tolerant of a header without any. */
export function passkeySummaries(header: unknown): PasskeyUnlockSummary[] {
  const wraps = (header as { passkeyWraps?: unknown } | null)?.passkeyWraps;
  if (!Array.isArray(wraps)) return [];
  return wraps.flatMap((wrap: unknown) => {
    const { credentialId, label, createdAt } = (wrap ?? {}) as Record<string, unknown>;
    if (typeof credentialId !== 'string' || !credentialId) return [];
    return [
      {
        credentialId,
        label: typeof label === 'string' && label.trim() ? label : 'Passkey',
        createdAt: typeof createdAt === 'string' ? createdAt : '',
      },
    ];
  });
}

/**
 * Runs a header change (read the header as known, change it, PUT it on its version); when the server says the
 * header moved meanwhile (the caller's stale answer has already adopted the server's header), it runs once more
 * on the fresh header. A second conflict gives up with HEADER_BUSY_MESSAGE.
 */
export async function saveHeaderChange(
  change: () => Promise<void>,
  isConflict: (error: unknown) => boolean,
): Promise<void> {
  try {
    await change();
  } catch (error) {
    if (!isConflict(error)) throw error;
    try {
      await change();
    } catch (again) {
      if (isConflict(again)) throw new Error(HEADER_BUSY_MESSAGE);
      throw again;
    }
  }
}
