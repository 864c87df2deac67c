// Who was last signed in on this device, so the owner's screens (and their local notes) open without a
// connection: a session check that fails for lack of network answers the remembered user; only the server
// saying 401 (or a sign-out) forgets it. The session cookie itself still decides every server call.
import { ApiError, type User } from '@private-notes/shared';

const KEY = 'pn-last-user';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function rememberUser(user: User | null): void {
  const store = storage();
  if (!store) return;
  if (user) store.setItem(KEY, JSON.stringify({ id: user.id, username: user.username }));
  else store.removeItem(KEY);
}

export function lastKnownUser(): User | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<User>;
    return typeof parsed.username === 'string' ? (parsed as User) : null;
  } catch {
    return null;
  }
}

/** Wraps the session check: remembers its answer, and falls back to the remembered user when unreachable. */
export async function currentUserOfflineAware(check: () => Promise<User | null>): Promise<User | null> {
  try {
    const user = await check();
    rememberUser(user);
    return user;
  } catch (error) {
    const unreachable = error instanceof ApiError ? error.status === 0 : error instanceof TypeError;
    const remembered = unreachable ? lastKnownUser() : null;
    if (remembered) return remembered;
    throw error;
  }
}
