// The notice a device leaves when it finds the server restored from a backup (restore-epoch.ts). Apart so the
// notes screen can tell it from other notices without loading the sync code and its schemas.

/** The notices table keeps one notice per note id: this one is about the server, not a note. */
export const SERVER_RESTORED_NOTICE = 'server-restored';

export function serverRestoredMessage(sent: number): string {
  return `The server was restored from a backup; this device sent back ${sent} note${sent === 1 ? '' : 's'} it had.`;
}
