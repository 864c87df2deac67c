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
