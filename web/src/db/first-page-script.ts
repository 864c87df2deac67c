// The notes screen's first screenful, read by the page's shell itself: a small inline script in <head> reads the
// newest live notes from IndexedDB while the app's scripts are still being fetched and run (about a hundred
// milliseconds on a warm reload), so the screen's first render already has its cards instead of rendering
// placeholders, asking the database, and rendering again. It is the database's content at load time, read the
// same way as useFirstPage (the updatedAt index, newest first, deleted notes skipped, at most FIRST_PAGE_SIZE),
// so it shows nothing a read by the app would not; the live query replaces it at once, and a change made
// meanwhile (another tab) arrives through that query as usual.
//
// The script never creates the database (a browser that has none aborts the open: Dexie creates it with its
// schema later), closes its connection as soon as it has read, and gives way to an upgrade that asks it to.
//
// A device that has never stored the feed's cursor (FEED_CURSOR_MARK absent from localStorage: the sync engine
// sets it once it has one, sync/early-feed.ts) has no notes to show yet: for it the script asks the server for the
// feed's first page at once, exactly as the engine's first sync would, so the answer is on its way while the app's
// scripts download and before IndexedDB has even opened (a fresh profile's first open took 10-600 ms here); the
// screen shows it, the engine stores it instead of asking again. A database that turns out not to exist asks too.
// Only on a page the server rendered for the signed-in owner (OWNER_PAGE_ATTRIBUTE on <html>) and while the browser
// is online; anything else does nothing early.
// No Dexie here: this module is imported by the page shell, which public pages share.
import type { LocalNote } from './types.ts';

/** How many cards the first screenful needs at most (3 columns × a few rows), read before the full list. */
export const FIRST_PAGE_SIZE = 30;

/** The database the app opens (NotesDatabase's default name). */
export const NOTES_DATABASE_NAME = 'private-notes';

/** Where the script leaves the rows (an array), or null when it could not read them. */
export const SHELL_FIRST_PAGE_KEY = '__pnFirstPage';

/** Where the script keeps the callbacks of whoever waits for its read (whenShellFirstPageRead). */
export const SHELL_FIRST_PAGE_WAITS = '__pnFirstPageWaits';

/** The screens whose first paint is the notes list: the script reads nothing elsewhere. */
export const NOTES_PATHS: readonly string[] = ['/notes', '/'];

/**
 * A device's first sync asks for a small first page: its notes are on screen while the rest is on its way
 * (1,000 notes of 2 KB take a second to fetch, parse and store on a modest machine; 100 take a tenth of it).
 */
export const FIRST_SYNC_FIRST_PAGE = 100;

/** The feed's first page as the engine's first sync asks for it (API.noteChanges; a test holds them equal). */
export const FIRST_FEED_PAGE_URL = `/api/notes/changes?limit=${FIRST_SYNC_FIRST_PAGE}`;

/** Where the script leaves its early first page: a promise of the parsed answer, null if it failed. */
export const EARLY_FEED_KEY = '__pnFeed';

/** Set on <html> by the server's render for the signed-in owner (routes/__root.tsx). */
export const OWNER_PAGE_ATTRIBUTE = 'data-owner';

/** In localStorage while this device has stored the feed's cursor (it has finished a first page). */
export const FEED_CURSOR_MARK = 'pn-feed-cursor';

// The same request as the engine's (sync-http.ts): with the session cookie, never from the HTTP cache. Only a 200
// is an answer; a failure of any kind leaves null, and the engine asks again.
const earlyFeed = `f=function(){try{if(!w.${EARLY_FEED_KEY}&&document.documentElement.hasAttribute(${JSON.stringify(OWNER_PAGE_ATTRIBUTE)})&&navigator.onLine!==false)w.${EARLY_FEED_KEY}=fetch(${JSON.stringify(FIRST_FEED_PAGE_URL)},{credentials:'include',cache:'no-store'}).then(function(a){return a.status===200?a.json():null}).catch(function(){return null})}catch(x){}}`;

export const firstPageScript = `(function(){try{var w=window,p=location.pathname;if(${JSON.stringify(NOTES_PATHS)}.indexOf(p)<0||!w.indexedDB)return;var ${earlyFeed};try{if(!localStorage.getItem(${JSON.stringify(FEED_CURSOR_MARK)}))f()}catch(x){}var q=w.${SHELL_FIRST_PAGE_WAITS}=[],r=indexedDB.open(${JSON.stringify(NOTES_DATABASE_NAME)}),done=function(v){if(w.${SHELL_FIRST_PAGE_KEY}===undefined){w.${SHELL_FIRST_PAGE_KEY}=v;while(q.length)q.shift()()}};r.onupgradeneeded=function(){r.transaction.abort();f()};r.onerror=function(e){e.preventDefault();done(null)};r.onblocked=function(){done(null)};r.onsuccess=function(){var d=r.result,rows=[];d.onversionchange=function(){d.close()};try{var c=d.transaction('notes','readonly').objectStore('notes').index('updatedAt').openCursor(null,'prev');c.onsuccess=function(){var k=c.result;if(k&&rows.length<${FIRST_PAGE_SIZE}){if(!k.value.deleted)rows.push(k.value);k.continue()}else{d.close();done(rows)}};c.onerror=function(e){e.preventDefault();d.close();done(null)}}catch(x){d.close();done(null)}}}catch(x){}})()`;

/**
 * The rows the shell's script read: null when it did not run, has not finished, failed, or its rows were
 * dropped (they describe the page's load, so only the first screen rendered after it may use them).
 */
export function shellFirstPage(): LocalNote[] | null {
  if (typeof window === 'undefined') return null;
  const rows = (window as unknown as Record<string, unknown>)[SHELL_FIRST_PAGE_KEY];
  return Array.isArray(rows) ? (rows as LocalNote[]) : null;
}

/**
 * Resolves once the shell's script has read (or given up), or after `maxMs`, or at once when it is not reading
 * (another screen, no IndexedDB, no script). The app waits for it before its first render: the read started
 * before the app's scripts were even fetched and nearly always ends first, but on a busy device it could end
 * just after, and the first render would then show placeholder cards and read the database again.
 */
export function whenShellFirstPageRead(maxMs: number): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  const w = window as unknown as Record<string, unknown>;
  const waits = w[SHELL_FIRST_PAGE_WAITS];
  if (w[SHELL_FIRST_PAGE_KEY] !== undefined || !Array.isArray(waits)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    waits.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** After the first screen has rendered: a screen mounted later reads the database itself. */
export function dropShellFirstPage(): void {
  if (typeof window !== 'undefined')
    (window as unknown as Record<string, unknown>)[SHELL_FIRST_PAGE_KEY] = null;
}
