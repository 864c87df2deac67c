// A new device that goes offline before its first sync finished: what its list lacks is on the server, so it
// says the notes are not here yet and will come with the connection; never "No notes yet" or "0 notes" (it
// used to say both, found while writing notes-part-offline.spec.ts). Back online, the notes arrive.
import { expect, test } from './fixtures.ts';

// The moment before the service worker has installed: the first visit.
test.use({ serviceWorkers: 'block' });

test('offline before the first sync finished: "not on this device yet", then the notes once back online', async ({
  page,
  context,
  signIn,
}) => {
  await signIn();
  const title = `On the server ${Math.random().toString(36).slice(2, 8)}`;
  const created = await page.request.post('/api/notes', {
    data: { title, content: 'Safe there.', tags: [] },
  });
  expect(created.status()).toBe(201);
  // The first sync cannot finish: its feed requests fail as when the connection drops.
  let held = true;
  await context.route(/\/api\/notes\/changes/, (route) =>
    held ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/notes');
  await context.setOffline(true);

  const status = page.getByTestId('sync-status');
  await expect(status).toHaveText('Offline', { timeout: 20_000 });
  await expect(
    page.getByText('Your notes are not on this device yet. They will load when it is back online.'),
  ).toBeVisible();
  await expect(page.getByText('No notes yet')).toHaveCount(0);
  await expect(page.getByText('0 notes')).toHaveCount(0);
  // Nothing is loading meanwhile: no placeholder cards.
  await expect(page.getByTestId('notes-loading')).toHaveCount(0);

  held = false;
  await context.setOffline(false);
  await expect(page.getByTestId('note-card').filter({ hasText: title })).toBeVisible({ timeout: 30_000 });
  await expect(status).toHaveText('All changes synced', { timeout: 30_000 });
  await expect(page.getByTestId('first-sync-stalled')).toHaveCount(0);
});
