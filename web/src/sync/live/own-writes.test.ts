// A device's own pushes come back on its live channel marked as its own, and cost no extra pull: the round
// that pushed pulls once answered. Another session's commit, or this session's write through any other route,
// is never skipped. Against a real server on loopback, counting the device's pulls.
import 'fake-indexeddb/auto';
import { API, type LiveFeed, type LiveWriter } from '@private-notes/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNote, updateNote } from '../../db/notes-store.ts';
import { type Device, makeDevice, setUpSyncFixture } from '../sync-test-harness.ts';
import { createLiveFeedBus } from './live-feed-bus.ts';
import { type LiveSync, startLiveSync } from './live-sync.ts';

const fixture = setUpSyncFixture();
const running: LiveSync[] = [];
const others: Device[] = [];
afterEach(async () => {
  for (const live of running.splice(0)) live.stop();
  for (const other of others.splice(0)) {
    other.engine.stop();
    await other.db.delete();
  }
});

const HOUR = 3_600_000;
const SOON = { timeout: 10_000 };

/**
 * A device whose engine hears its own live channel, and what that channel said. Only syncNow() and the channel
 * start its rounds (no periodic round, no round on a queued change), so its pulls can be counted.
 */
async function liveDevice(cookie = fixture.cookie) {
  const bus = createLiveFeedBus();
  const heard: { feeds: LiveFeed[]; own?: LiveWriter }[] = [];
  bus.subscribe((feeds, own) => heard.push({ feeds: [...feeds], own }));
  const d =
    cookie === fixture.cookie
      ? fixture.device({ live: bus, periodMs: HOUR, debounceMs: HOUR })
      : makeDevice(fixture.server, cookie, undefined, { live: bus, periodMs: HOUR, debounceMs: HOUR });
  if (cookie !== fixture.cookie) others.push(d);
  const live = startLiveSync(bus, {
    baseUrl: fixture.server.url,
    headers: () => ({ cookie }),
    random: () => 0,
  });
  running.push(live);
  d.engine.start();
  await vi.waitFor(() => expect(live.state).toBe('open'), SOON);
  await vi.waitFor(() => expect(d.engine.getStatus().kind).toBe('synced'), SOON);
  return { d, heard };
}

const pulls = (d: Device) => d.calls.filter((c) => c.method === 'GET' && c.path === API.noteChanges).length;
const titles = async (d: Device) =>
  (await d.db.notes.toArray())
    .filter((n) => !n.deleted)
    .map((n) => n.title)
    .sort();

/** Lets the engine act on what the channel said (an event it does not skip starts a round at once). */
const settle = async (d: Device) => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await vi.waitFor(() => expect(d.engine.getStatus().kind).toBe('synced'), SOON);
};

describe("a device's own writes on its live channel", () => {
  it('a push of its own (a create, then an edit) is heard as its own and pulled no more', async () => {
    const { d, heard } = await liveDevice();
    for (const step of ['create', 'edit'] as const) {
      if (step === 'create') await createNote({ title: 'Mine', content: 'eggs', tags: [] }, d.db);
      else await updateNote((await d.db.notes.toArray())[0]!.id, { content: 'eggs, milk' }, d.db);
      const heardBefore = heard.length;
      const pullsBefore = pulls(d);
      expect(await d.engine.syncNow()).toBe('synced');
      await vi.waitFor(() => expect(heard.length).toBeGreaterThan(heardBefore), SOON);
      expect(heard.at(-1)?.feeds).toContain('notes');
      expect(heard.at(-1)?.own).toBe('notes-push');
      await settle(d);
      // The round's two (before and after its push), and none for the event of its own push.
      expect(pulls(d) - pullsBefore).toBe(2);
    }
  });

  it("never skips another session's push, nor this session's write through another route", async () => {
    const { d, heard } = await liveDevice();
    const laptop = await liveDevice(await fixture.server.login());

    await createNote({ title: 'From the laptop', content: 'x', tags: [] }, laptop.d.db);
    expect(await laptop.d.engine.syncNow()).toBe('synced');
    await vi.waitFor(async () => expect(await titles(d)).toEqual(['From the laptop']), SOON);
    expect(heard.at(-1)?.own).toBeUndefined();
    expect(laptop.heard.at(-1)?.own).toBe('notes-push');

    // The same session (cookie) writing through the notes API, as a script might: not the engine's push.
    const answer = await fixture.server.api('POST', '/api/notes', {
      cookie: fixture.cookie,
      body: { title: 'Through the API', content: 'y', tags: [] },
    });
    expect(answer.status).toBe(201);
    await vi.waitFor(
      async () => expect(await titles(d)).toEqual(['From the laptop', 'Through the API']),
      SOON,
    );
  });

  it("its own push and another session's commit close together: the other one is still pulled", async () => {
    const { d } = await liveDevice();
    const laptop = await liveDevice(await fixture.server.login());
    await createNote({ title: 'Here', content: 'a', tags: [] }, d.db);
    await createNote({ title: 'There', content: 'b', tags: [] }, laptop.d.db);
    await Promise.all([d.engine.syncNow(), laptop.d.engine.syncNow()]);
    await vi.waitFor(async () => expect(await titles(d)).toEqual(['Here', 'There']), SOON);
    await vi.waitFor(async () => expect(await titles(laptop.d)).toEqual(['Here', 'There']), SOON);
  });
});
