// GET /api/notes/changes paged through the ordered index by seq (storage/seq-index.ts), on both stores (this file
// runs in the embedded and the PostgreSQL projects): every page in seq order, a batch never split, each note
// once from the start, updates and deletions from a cursor, the total, and the same answer as filtering and
// sorting every record (what the feed did before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
});
afterAll(() => s.close());

interface Page {
  notes: { id: number; title: string }[];
  deleted: number[];
  cursor: string;
  more: boolean;
  total?: number;
}

async function page(since: string | null, limit: number): Promise<Page> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (since !== null) query.set('since', since);
  const res = await s.api('GET', `/api/notes/changes?${query}`, { cookie });
  expect(res.status).toBe(200);
  return res.body as Page;
}

async function allPages(since: string | null, limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  for (;;) {
    const next = await page(since, limit);
    pages.push(next);
    if (!next.more) return pages;
    since = next.cursor;
  }
}

const seqOf = (collection: 'notes' | 'noteTombstones', id: number) =>
  (s.handle.store.get(collection, id) as { seq: number }).seq;

/**
 * The old way: filter every record of the user in the window, sort by seq. Deletions are left out of a first
 * page only (since 0); a traversal's later pages list those after `tombstonesAfter` (the first page's cursor).
 */
function reference(since: number, tombstonesAfter = since) {
  const through = s.handle.store.durableSeq;
  const inWindow = (r: { seq: number }) => r.seq > since && r.seq <= through;
  const notes = s.handle.store.filter('notes', inWindow).map((n) => ({ seq: n.seq, id: n.id, kind: 'note' }));
  const tombstones =
    tombstonesAfter === 0
      ? []
      : s.handle.store
          .filter('noteTombstones', (t) => inWindow(t) && t.seq > tombstonesAfter)
          .map((t) => ({ seq: t.seq, id: t.id, kind: 'gone' }));
  return [...notes, ...tombstones].sort((a, b) => a.seq - b.seq || a.id - b.id);
}

function flatten(pages: Page[]) {
  return pages.flatMap((p) => [
    ...p.notes.map((n) => ({ seq: seqOf('notes', n.id), id: n.id, kind: 'note' })),
    ...p.deleted.map((id) => ({ seq: seqOf('noteTombstones', id), id, kind: 'gone' })),
  ]);
}

describe('GET /api/notes/changes paging', () => {
  const singles: number[] = [];
  let cursorAfterSingles = '';

  it('pages from the start in seq order, each note once, never splitting a batch', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await s.api('POST', '/api/notes', {
        cookie,
        body: { title: `single ${i}`, content: 'x', clientId: `page-single-${i}` },
      });
      expect(res.status).toBe(201);
      singles.push(res.body.id);
    }
    cursorAfterSingles = (await page(null, 1000)).cursor;
    const changes = Array.from({ length: 9 }, (_, i) => ({
      op: 'create',
      clientId: `page-batch-${i}`,
      title: `batch ${i}`,
      content: 'y',
    }));
    const batch = await s.api('POST', '/api/notes/batch', { cookie, body: { changes } });
    expect(batch.status).toBe(200);

    const pages = await allPages(null, 5);
    // 12 singles in pages of 5 and 5; the third page takes the last 2 singles and the batch's first 3, then
    // runs on to the batch's end (a page never ends inside a transaction): 11.
    expect(pages.map((p) => p.notes.length)).toEqual([5, 5, 11]);
    expect(pages[0]!.total).toBe(21);
    const listed = flatten(pages);
    expect(listed).toEqual(reference(0));
    expect(new Set(listed.map((c) => c.id)).size).toBe(21);
    // Within and across pages, seq never goes back.
    for (let i = 1; i < listed.length; i++) expect(listed[i]!.seq).toBeGreaterThanOrEqual(listed[i - 1]!.seq);
    // The last cursor is the durable head; asking from it lists nothing.
    const last = pages[pages.length - 1]!;
    expect(Number(last.cursor)).toBe(s.handle.store.durableSeq);
    expect(await page(last.cursor, 5)).toMatchObject({ notes: [], deleted: [], more: false, total: 0 });
  });

  it('lists updates and deletions after a cursor, each note at its latest change', async () => {
    const [a, b, c, d] = singles;
    for (const id of [c!, a!]) {
      const current = await s.api('GET', `/api/notes/${id}`, { cookie });
      const res = await s.api('PUT', `/api/notes/${id}`, {
        cookie,
        body: { title: `edited ${id}`, content: 'z', baseVersion: current.body.version },
      });
      expect(res.status).toBe(200);
    }
    for (const id of [b!, d!])
      expect((await s.api('DELETE', `/api/notes/${id}`, { cookie })).status).toBe(204);
    const since = Number(cursorAfterSingles);
    const pages = await allPages(cursorAfterSingles, 3);
    const listed = flatten(pages);
    expect(listed).toEqual(reference(since));
    // The batch's 9 in one page, then the two edits and the two deletions, in the order they happened.
    expect(pages[0]!.notes).toHaveLength(9);
    expect(listed.slice(9).map((change) => `${change.kind} ${change.id}`)).toEqual([
      `note ${c}`,
      `note ${a}`,
      `gone ${b}`,
      `gone ${d}`,
    ]);
    expect(pages[0]!.total).toBe(11);
    // From the start: the deleted notes are not listed as notes (their deletions may follow, as before), the
    // edited ones come last.
    const fromStartPages = await allPages(null, 4);
    const fromStart = flatten(fromStartPages);
    expect(fromStart).toEqual(reference(0, Number(fromStartPages[0]!.cursor)));
    expect(fromStartPages[0]!.deleted).toEqual([]);
    const notes = fromStart.filter((change) => change.kind === 'note').map((change) => change.id);
    expect(notes.slice(-2)).toEqual([c, a]);
    expect(notes).not.toContain(b);
    expect(notes).not.toContain(d);
  });
});
