// How soon a sync tries again right after the device comes back online (shared by the notes engine and the
// study cards' sync, kept apart so the study screens do not load the engine for one constant).

/**
 * After the device comes back online, a round that cannot reach the server is tried again after these pauses
 * instead of the backoff: the browser announces `online` as soon as a link is up, and the first requests often
 * still fail (the link not carrying traffic yet, the service worker that forwards /api requests hearing of it a
 * moment after the page). Past the last pause the usual schedule applies.
 */
export const RECONNECT_RETRY_MS: readonly number[] = [50, 150, 300, 500, 1000];
