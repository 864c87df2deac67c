// Batches the editor's draft writes: one IndexedDB transaction per pause in typing (or per DRAFT_MAX_WAIT_MS
// of steady typing), never one per keystroke, and at once when asked (pagehide, hidden, unmount, sign-out).
// Each write starts when asked (see flush), so an older text can never land after a newer one.

/** A pause this long in typing writes the draft. */
export const DRAFT_IDLE_MS = 150;
/** Steady typing still writes this often: every change is stored within about a second. */
export const DRAFT_MAX_WAIT_MS = 400;

export interface DraftWriter<T> {
  /** Takes the latest value; it is written within DRAFT_MAX_WAIT_MS. */
  update(value: T): void;
  /** Writes the pending value now; resolves once it (and any write before it) is stored. */
  flush(): Promise<void>;
  /** Forgets the pending value (it was saved as a note, or discarded). */
  cancel(): void;
  /** True while a value waits to be written. */
  readonly pending: boolean;
}

export interface DraftWriterOptions {
  idleMs?: number;
  maxWaitMs?: number;
  onWritten?(): void;
  onError?(error: unknown): void;
}

export function createDraftWriter<T>(
  write: (value: T) => Promise<unknown>,
  { idleMs = DRAFT_IDLE_MS, maxWaitMs = DRAFT_MAX_WAIT_MS, onWritten, onError }: DraftWriterOptions = {},
): DraftWriter<T> {
  let latest: { value: T } | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let maxTimer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();

  function clearTimers() {
    if (idleTimer) clearTimeout(idleTimer);
    if (maxTimer) clearTimeout(maxTimer);
    idleTimer = null;
    maxTimer = null;
  }

  function flush(): Promise<void> {
    clearTimers();
    const next = latest;
    latest = null;
    if (next) {
      // Started at once, not after the write before it: IndexedDB runs read-write transactions on one store in
      // the order they were created, and on pagehide there may be no later turn of the event loop to wait for.
      const written = write(next.value).then(
        () => onWritten?.(),
        (error: unknown) => onError?.(error),
      );
      inFlight = Promise.all([inFlight, written]);
    }
    return inFlight.then(() => {});
  }

  return {
    update(value) {
      latest = { value };
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = setTimeout(() => void flush(), idleMs);
      maxTimer ??= setTimeout(() => void flush(), maxWaitMs);
    },
    flush,
    cancel() {
      clearTimers();
      latest = null;
    },
    get pending() {
      return latest !== null;
    },
  };
}
