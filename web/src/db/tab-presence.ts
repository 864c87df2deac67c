// Which tab (page) of this browser wrote a draft, and whether that tab is still open. Tabs share one database,
// so the per-note drafts are shared too: a draft another open tab is still typing into is that tab's, not one
// to restore here (its text reaches the note when that tab saves). Each page holds a Web Lock named after its
// id for as long as it lives; the browser releases it when the page goes (reload, close, crash).
export const TAB_ID: string =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

const lockName = (tab: string) => `private-notes-tab:${tab}`;

const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
// Held until the page goes away.
if (locks) void locks.request(lockName(TAB_ID), () => new Promise<void>(() => {})).catch(() => {});

/** True while the tab that wrote `tab` is open (false where the browser has no Web Locks). */
export async function isTabOpen(tab: string): Promise<boolean> {
  if (tab === TAB_ID) return true;
  if (!locks) return false;
  try {
    const state = await locks.query();
    return (state.held ?? []).some((lock) => lock.name === lockName(tab));
  } catch {
    return false;
  }
}
