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

/** How long a reload waits for its earlier self's tab to be gone before taking its draft as another tab's. */
export const TAB_GONE_WAIT_MS = 2_000;

/**
 * True once the tab that wrote `tab` is gone, waiting up to `ms` for it: a reloaded page's own earlier self
 * still holds its lock for a moment after the new page starts (the browser releases it asynchronously), and a
 * draft it left counted as another open tab's (no editor reopened after a reload under load).
 */
export async function tabGoneWithin(tab: string, ms: number): Promise<boolean> {
  if (tab === TAB_ID) return false;
  if (!locks) return true;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    // Granted as soon as no page holds it; released at once.
    await locks.request(lockName(tab), { signal: controller.signal }, () => undefined);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
