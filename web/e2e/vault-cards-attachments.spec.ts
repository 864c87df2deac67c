// Cards and attachments of a locked note (issue 34): a pasted image is sealed on the device before it is stored
// or uploaded (the server's bytes hold none of the image's), and shows after a reload and an unlock; flashcards
// made from a locked note are synced sealed, studied while the vault is unlocked, and wait (with an Unlock
// button) while it is locked.
import type { Page } from '@playwright/test';
import { imageLoaded, pngBytes, sendFiles, sha256Of } from './attachment-helpers.ts';
import { expect, test } from './fixtures.ts';
import { deleteOtherCards, noteCard, STUDY_NOTE, toast } from './study-fixtures.ts';
import { ensureVault, serverNotes, unlockFromNotes, VAULT_PASSPHRASE } from './vault-helpers.ts';

const status = (page: Page) => page.getByTestId('sync-status');

async function newLockedNote(page: Page, title: string, content: string): Promise<void> {
  await ensureVault(page);
  await page.goto('/notes');
  await unlockFromNotes(page);
  await page.getByRole('button', { name: 'New locked note' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(content);
}

test('an image pasted into a locked note is uploaded sealed and shows after a reload and an unlock', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  const title = `Sealed photo ${Date.now()}`;
  const png = await pngBytes(96, 64, { r: 20, g: 160, b: 90 });
  await newLockedNote(page, title, 'Holiday:\n');
  const content = page.getByRole('textbox', { name: 'Content' });
  await sendFiles(content, 'paste', [
    { name: 'beach.png', base64: png.toString('base64'), type: 'image/png' },
  ]);
  await expect(content).toHaveValue(
    /!\[beach\.png\]\(\/api\/attachments\/[0-9a-f]{64}#pnfile=[A-Za-z0-9_-]{43}\)$/,
  );
  const sha = /attachments\/([0-9a-f]{64})#/.exec(await content.inputValue())![1]!;
  expect(sha).not.toBe(sha256Of(png));
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByTestId('editor-preview').getByRole('img', { name: 'beach.png' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => imageLoaded(preview)).toBe(true);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(status(page)).toHaveText('All changes synced', { timeout: 30_000 });

  // The server holds the sealed bytes only: not the image, nor its name, nor any variant made from it.
  await expect
    .poll(async () => (await page.request.get(`/api/attachments/${sha}`)).status(), { timeout: 30_000 })
    .toBe(200);
  const stored = await page.request.get(`/api/attachments/${sha}`);
  const bytes = Buffer.from(await stored.body());
  expect(sha256Of(bytes)).toBe(sha);
  expect(bytes.includes(png.subarray(0, 16))).toBe(false);
  expect(bytes.includes(png.subarray(png.length - 32))).toBe(false);
  expect(stored.headers()['content-disposition'] ?? '').not.toContain('beach');
  expect((await page.request.get(`/api/attachments/${sha256Of(png)}`)).status()).toBe(404);
  expect(stored.headers()['content-type']).toContain('application/octet-stream');
  // No variant is made from it: a width asked for gets the same sealed bytes.
  const sized = await page.request.get(`/api/attachments/${sha}?w=320`);
  expect(Buffer.from(await sized.body()).equals(bytes)).toBe(true);
  expect(JSON.stringify(await serverNotes(page))).not.toContain('beach');

  // A reload forgets the vault: the note is a locked card until it is unlocked, then the image shows.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unlock locked notes' })).toBeVisible({ timeout: 20_000 });
  await unlockFromNotes(page);
  await noteCard(page, title)
    .getByRole('button', { name: `Open locked note: ${title}` })
    .click();
  const viewerImage = page.getByTestId('note-viewer').getByRole('img', { name: 'beach.png' });
  await expect(viewerImage).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => imageLoaded(viewerImage)).toBe(true);
});

test('flashcards of a locked note are synced sealed, studied unlocked, and wait while the vault is locked', async ({
  page,
  signIn,
}) => {
  test.setTimeout(150_000);
  await signIn();
  await deleteOtherCards(page);
  const title = `Locked study ${Date.now()}`;
  await newLockedNote(page, title, STUDY_NOTE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(status(page)).toHaveText('All changes synced', { timeout: 30_000 });

  // Generated on the device (the question to send the text to a model is declined: Playwright dismisses it).
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
  const study = page.getByTestId('study-mode');
  await expect(study.getByRole('heading', { name: title })).toBeVisible();
  await study.getByRole('tab', { name: 'Flashcards' }).click();
  await study.getByRole('button', { name: 'Generate Flashcards' }).click();
  await expect(toast(page, 'Flashcards generated')).toBeVisible();
  const position = await study.getByTestId('flashcard-position').textContent();
  const total = Number(position!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThanOrEqual(3);
  await expect(study.getByTestId('flashcard')).not.toContainText('pnenc');
  await page.keyboard.press('Escape');
  await expect(study).toBeHidden();

  // The server keeps the cards' text sealed.
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get('/api/cards?since=0&limit=1000')).json()) as {
          cards: { deleted: boolean; state: { question: string; answer: string } | null }[];
        };
        return body.cards.filter((card) => !card.deleted && card.state).map((card) => card.state!);
      },
      { timeout: 30_000 },
    )
    .toHaveLength(total);
  const cards = (await (await page.request.get('/api/cards?since=0&limit=1000')).json()) as {
    cards: { state: { question: string; answer: string } | null }[];
  };
  for (const card of cards.cards.filter((c) => c.state)) {
    expect(card.state!.question).toMatch(/^pnenc\.1\./);
    expect(card.state!.answer).toMatch(/^pnenc\.1\./);
  }
  expect(JSON.stringify(cards)).not.toMatch(/repetition|recall|FSRS/i);

  // Studied while unlocked, in plain text on the device.
  await page.goto('/study');
  await expect(page.getByRole('heading', { name: 'Study due cards' })).toBeVisible();
  const sessionPosition = page.getByTestId('session-position');
  // The reload forgot the vault: the cards wait until it is unlocked here.
  await expect(
    page.getByText(`${total} cards of locked notes are waiting: unlock to study them.`),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('No cards are due right now.')).toBeVisible();
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock locked notes' });
  await dialog.getByLabel('Passphrase').fill(VAULT_PASSPHRASE);
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(sessionPosition).toHaveText(`Card 1 of ${total} · new`, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  const card = page.getByTestId('flashcard');
  await expect(card).not.toContainText('pnenc');
  await page.keyboard.press('Space');
  await expect(card).toHaveAttribute('data-side', 'answer');
  await page.keyboard.press('3');
  await expect(sessionPosition).toHaveText(`Card 2 of ${total} · new`);

  // Locked again (from My Notes): the queue says the cards wait, with an Unlock button.
  await page.getByRole('link', { name: 'Back to notes' }).click();
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unlock locked notes' })).toBeVisible();
  await page.goBack(); // in the app, no reload: the lock itself takes the cards out of the queue
  await expect(
    page.getByText(/^\d+ cards? of (a )?locked notes? (is|are) waiting: unlock to study (it|them)\.$/),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: 'Unlock', exact: true })).toBeVisible();
  await expect(page.getByTestId('flashcard')).toHaveCount(0);
});

test('locking a note with a file and a card seals both and sends them again; unlocking makes them plain', async ({
  page,
  signIn,
}) => {
  test.setTimeout(150_000);
  await signIn();
  await deleteOtherCards(page);
  await ensureVault(page);
  const title = `Plain then locked ${Date.now()}`;
  const png = await pngBytes(80, 60, { r: 200, g: 120, b: 10 });
  await page.goto('/notes');
  await unlockFromNotes(page);
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill(title);
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.fill('Receipt:\n');
  await sendFiles(content, 'paste', [
    { name: 'receipt.png', base64: png.toString('base64'), type: 'image/png' },
  ]);
  await expect(content).toHaveValue(`Receipt:\n![receipt.png](/api/attachments/${sha256Of(png)})`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(noteCard(page, title)).toBeVisible();

  // A hand-made card, plain while the note is plain.
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
  const study = page.getByTestId('study-mode');
  await study.getByRole('tab', { name: 'Flashcards' }).click();
  await study.getByRole('button', { name: 'Add card' }).click();
  await page.getByRole('textbox', { name: 'Question' }).fill('What did the receipt cost?');
  await page.getByRole('textbox', { name: 'Answer' }).fill('Twelve guilders');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(study.getByTestId('flashcard')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(study).toBeHidden();
  const serverCards = async () =>
    JSON.stringify(await (await page.request.get('/api/cards?since=0&limit=1000')).json());
  await expect.poll(serverCards, { timeout: 30_000 }).toContain('Twelve guilders');

  await expect
    .poll(async () => (await serverNotes(page)).some((note) => note.title === title), { timeout: 30_000 })
    .toBe(true);
  const noteId = (await serverNotes(page)).find((note) => note.title === title)!.id;
  await page.getByRole('button', { name: `Open note: ${title}` }).click();
  const viewer = page.getByTestId('note-viewer');
  await viewer.getByRole('button', { name: 'Lock note' }).click();
  await expect(page.getByText('Note locked')).toBeVisible();
  // The card is sent again sealed; the note now refers to a sealed copy of the file, uploaded.
  await expect.poll(serverCards, { timeout: 30_000 }).not.toContain('Twelve guilders');
  expect(await serverCards()).toContain('pnenc.1.');
  await expect(viewer.getByRole('img', { name: 'receipt.png' })).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => imageLoaded(viewer.getByRole('img', { name: 'receipt.png' }))).toBe(true);
  await expect(status(page)).toHaveText('All changes synced', { timeout: 30_000 });
  expect(JSON.stringify(await serverNotes(page))).not.toContain('receipt');
  // Beside the ciphertext, the note declares the file it refers to: the sealed copy's hash, never the plain one
  // (so the server's collection may remove the plain copy; sync-server/test/locked-files-gc.test.ts).
  const declared = async () =>
    (
      (await (await page.request.get('/api/notes')).json()) as Array<{ id: number; lockedFiles?: string[] }>
    ).find((note) => note.id === noteId)?.lockedFiles;
  await expect.poll(declared, { timeout: 30_000 }).toHaveLength(1);
  const sealedSha = (await declared())![0]!;
  expect(sealedSha).not.toBe(sha256Of(png));
  const sealedBytes = Buffer.from(await (await page.request.get(`/api/attachments/${sealedSha}`)).body());
  expect(sha256Of(sealedBytes)).toBe(sealedSha);

  // Unlock note: the card and the file reference are plain again.
  await viewer.getByRole('button', { name: 'Unlock note' }).click();
  await page
    .getByRole('alertdialog', { name: 'Make this note plain again?' })
    .getByRole('button', { name: 'Unlock note' })
    .click();
  await expect(page.getByText('The note is no longer locked')).toBeVisible();
  await expect.poll(serverCards, { timeout: 30_000 }).toContain('Twelve guilders');
  await expect
    .poll(async () => JSON.stringify(await serverNotes(page)), { timeout: 30_000 })
    .toContain(`![receipt.png](/api/attachments/${sha256Of(png)})`);
  // A plain note declares nothing: its files are read from its text.
  expect(await declared()).toBeUndefined();
});
