// Attachments of a locked note on the device: a file pasted into one is stored sealed (none of its bytes at
// rest), locking a note seals the files it refers to and rewrites its references, unlocking it makes them plain
// again, and a file that is not on the device stops the change with a clear error.
import 'fake-indexeddb/auto';
import { attachmentPath, sniffMime } from '@private-notes/shared';
import { sealedAttachmentKeys, sealedAttachmentMarkdown } from '@private-notes/shared/vault/sealed-file-link';
import { afterEach, describe, expect, it } from 'vitest';
import { storeAttachment } from './attachment-store.ts';
import { NotesDatabase } from './notes-database.ts';
import {
  MissingAttachmentError,
  openAttachmentsOfText,
  SEALED_FILE_NAME,
  sealAttachmentsOfText,
  sealedObjectUrl,
  storeSealedAttachment,
} from './sealed-attachments.ts';

const open: NotesDatabase[] = [];
function freshDb(): NotesDatabase {
  const database = new NotesDatabase(`sealed-files-${Math.random()}`);
  open.push(database);
  return database;
}
afterEach(async () => {
  for (const database of open.splice(0)) await database.delete();
});

const MARKER = 'narwhal-marker-9917';
const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...new TextEncoder().encode(MARKER),
]);
const bytesOf = (database: NotesDatabase) =>
  database.attachments
    .toArray()
    .then((rows) => rows.map((row) => Buffer.from(row.bytes).toString('latin1')).join());
const noFetch = async () => {};

describe('sealed attachments', () => {
  it('stores a pasted file sealed under a neutral name; its key in the markdown opens it in memory', async () => {
    const database = freshDb();
    const stored = await storeSealedAttachment({ bytes: PNG.slice().buffer, name: 'secret.png' }, database);
    expect(stored).toMatchObject({ name: 'secret.png', mime: 'image/png' });
    const row = (await database.attachments.get(stored.sha256))!;
    expect(row).toMatchObject({ name: SEALED_FILE_NAME, mime: 'application/octet-stream', uploaded: 0 });
    expect(await bytesOf(database)).not.toContain(MARKER);
    expect(sealedAttachmentMarkdown(stored)).toContain(`#pnfile=${stored.key}`);
    URL.createObjectURL ??= () => 'blob:test';
    expect(sealedObjectUrl(row, stored.key)).toMatchObject({ image: true });
    const other = await storeSealedAttachment({ bytes: PNG.slice().buffer, name: 'b.png' }, database);
    expect(other.sha256).not.toBe(stored.sha256); // a new key and nonce each time
    expect(sealedObjectUrl(row, other.key)).toBeNull();
  });

  it('locking seals the files a note refers to and rewrites the references; unlocking makes them plain again', async () => {
    const database = freshDb();
    const plain = await storeAttachment({ bytes: PNG.slice().buffer, name: 'photo [1].png' }, database);
    const path = attachmentPath(plain.sha256);
    const text = `Look ![photo \\[1\\].png](${path}) and [again](${path}).`;
    const locked = await sealAttachmentsOfText(text, noFetch, database);
    expect(locked).not.toContain(`${path})`);
    const keys = sealedAttachmentKeys(locked);
    expect(keys.size).toBe(1);
    const [sealedSha] = [...keys.keys()];
    expect(locked).toContain(`![photo \\[1\\].png](/api/attachments/${sealedSha}#pnfile=`);
    expect(locked.match(/#pnfile=/g)).toHaveLength(2);
    const sealedRow = (await database.attachments.get(sealedSha!))!;
    expect(Buffer.from(sealedRow.bytes).toString('latin1')).not.toContain(MARKER);
    // Nothing to do a second time.
    expect(await sealAttachmentsOfText(locked, noFetch, database)).toBe(locked);

    const unlocked = await openAttachmentsOfText(locked, noFetch, database);
    expect(unlocked).toBe(text); // the same bytes: the same plain hash
    const back = (await database.attachments.get(plain.sha256))!;
    expect(sniffMime(new Uint8Array(back.bytes))).toBe('image/png');
  });

  it('a file that is not on this device (nor could be fetched) stops the change, naming why', async () => {
    const database = freshDb();
    const text = `![x](${attachmentPath('c'.repeat(64))})`;
    const asked: string[][] = [];
    await expect(
      sealAttachmentsOfText(text, async (hashes) => void asked.push(hashes), database),
    ).rejects.toBeInstanceOf(MissingAttachmentError);
    expect(asked).toEqual([['c'.repeat(64)]]);
  });
});
