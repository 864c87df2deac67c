// A new device's first feed page, asked for by the page's shell while the app's scripts load (the inline script
// in db/first-page-script.ts). Two readers share that one answer: the notes screen shows its newest notes until
// the database has notes of its own, and the sync engine's first sync stores it as its first page and goes on
// from its cursor instead of asking again. The engine takes it once; an answer that failed, does not parse, or
// comes too late is ignored and the page asked for again, and then the screen stops showing it.
// No schemas here (the screen's first paint loads this module): the engine parses the answer itself.
import { EARLY_FEED_KEY, FEED_CURSOR_MARK, FIRST_PAGE_SIZE } from '../db/first-page-script.ts';
import type { LocalNote } from '../db/types.ts';
import { localFromServer } from './note-mapping.ts';

const holder = globalThis as unknown as Record<string, unknown>;
const droppedListeners = new Set<() => void>();
/** What each answer came back as, once it has: a screen rendered after that shows its rows in its first render. */
const settled = new WeakMap<Promise<unknown>, unknown>();

/** The shell's answer (a promise of the parsed page, or of null when it failed), or null when there is none. */
export function earlyFeedAnswer(): Promise<unknown> | null {
  const answer = holder[EARLY_FEED_KEY];
  return answer instanceof Promise ? answer : null;
}

// From this module's load (with the notes screen's code, before its first render): the answer usually comes
// while the app's scripts load, and a promise only says so asynchronously.
const atLoad = earlyFeedAnswer();
atLoad?.then(
  (body) => settled.set(atLoad, body),
  () => settled.set(atLoad, null),
);

/** The answer's parsed page (or null when it failed) if it has come by now, else undefined. */
export function settledEarlyFeed(answer: Promise<unknown>): unknown {
  return settled.get(answer);
}

/**
 * The engine's first sync: the shell's answer, taken once (a later first sync asks the server), or null when
 * there is none, it failed, or it has not come within `maxMs` (or before `signal` aborts).
 */
export async function takeEarlyFeed(maxMs: number, signal?: AbortSignal): Promise<unknown> {
  const answer = earlyFeedAnswer();
  if (!answer) return null;
  holder[EARLY_FEED_KEY] = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), maxMs);
    signal?.addEventListener('abort', () => resolve(null), { once: true });
  });
  try {
    return await Promise.race([answer.catch(() => null), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** The engine did not store the shell's answer (unusable, or the first sync failed): the screen stops showing it. */
export function dropEarlyFeed(): void {
  holder[EARLY_FEED_KEY] = null;
  for (const listener of [...droppedListeners]) listener();
}

/**
 * Tells the page's shell whether this device has stored the feed's cursor (FEED_CURSOR_MARK): without it, the
 * next owner's page asks for the first feed page early. Kept by the engine at every pull, so a mark lost (storage
 * cleared) or stale (the database evicted, the server reset) is set right by the next one.
 */
export function rememberFeedCursor(stored: boolean): void {
  try {
    if (typeof localStorage === 'undefined') return;
    if (stored) localStorage.setItem(FEED_CURSOR_MARK, '1');
    else localStorage.removeItem(FEED_CURSOR_MARK);
  } catch {
    // Storage refused: the shell then asks early at worst, and the engine ignores a stale answer.
  }
}

/** Called when the shell's answer is dropped; returns the unsubscribe. */
export function onEarlyFeedDropped(listener: () => void): () => void {
  droppedListeners.add(listener);
  return () => droppedListeners.delete(listener);
}

function isServerNote(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const note = value as Record<string, unknown>;
  return (
    Number.isInteger(note.id) &&
    Number.isInteger(note.version) &&
    typeof note.title === 'string' &&
    typeof note.content === 'string' &&
    Array.isArray(note.tags) &&
    note.tags.every((tag) => typeof tag === 'string') &&
    typeof note.createdAt === 'string' &&
    typeof note.updatedAt === 'string' &&
    (note.clientId === undefined || note.clientId === null || typeof note.clientId === 'string')
  );
}

/**
 * The first screenful of a feed page as the database will hold it once the engine has stored the page: the
 * newest notes first, at most FIRST_PAGE_SIZE, under the ids the pull gives them (so the cards stay the same
 * cards when the database's take over). Null for anything that is not a feed page of well-formed notes.
 */
export function earlyFeedRows(body: unknown): LocalNote[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const notes = (body as { notes?: unknown }).notes;
  if (!Array.isArray(notes) || !notes.every(isServerNote)) return null;
  return (notes as Parameters<typeof localFromServer>[0][])
    .map((note) => localFromServer(note, note.clientId ?? `s${note.id}`))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))
    .slice(0, FIRST_PAGE_SIZE);
}
