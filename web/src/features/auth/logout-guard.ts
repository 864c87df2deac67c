// Lets features veto a sign-out: the notes/sync feature registers "there are N unsynced changes — sign
// out anyway?" here, and logout asks every guard first. No React, so the sync engine can use it.
/** Answers true to go on with the sign-out, false to stay signed in. */
export type LogoutGuard = () => boolean | Promise<boolean>;

const guards = new Set<LogoutGuard>();

/** Registers a guard; call the answer to remove it. */
export function registerLogoutGuard(guard: LogoutGuard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

/** Asks each guard in turn; the first that says no cancels the sign-out. */
export async function confirmLogoutHook(): Promise<boolean> {
  for (const guard of guards) {
    if (!(await guard())) return false;
  }
  return true;
}

/** Work that must be stored before a sign-out is weighed (the open editor saves its text). */
export type LogoutFlush = () => Promise<void>;

const flushes = new Set<LogoutFlush>();

/** Registers a flush; call the answer to remove it. */
export function registerLogoutFlush(flush: LogoutFlush): () => void {
  flushes.add(flush);
  return () => flushes.delete(flush);
}

/**
 * Runs every flush before the guards, so a guard counting unsynced changes sees the editor's last words. A
 * failed flush does not block the sign-out (its text stays in the device's drafts).
 */
export async function flushBeforeLogout(): Promise<void> {
  await Promise.all([...flushes].map((flush) => flush().catch(() => {})));
}

/** Run once a sign-out has happened (locked notes forget their keys); registered by features loaded later. */
const signedOut = new Set<() => void>();

export function registerSignedOut(run: () => void): () => void {
  signedOut.add(run);
  return () => signedOut.delete(run);
}

export function runSignedOut(): void {
  for (const run of signedOut) run();
}
