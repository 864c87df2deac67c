// The owner's screens show a note's images from the bytes on this device (object URLs), so a note opened with
// no connection still shows them; files not here yet are fetched when a note that uses them is shown. A locked
// note's files are sealed (db/sealed-attachments.ts): their key is in the address's fragment, and they are
// decrypted in memory here, images shown and other files offered as downloads.
import { attachmentHashes, isInlineImage } from '@private-notes/shared';
import { sealedAttachmentKeys } from '@private-notes/shared/vault/sealed-file-link';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../db/db.ts';
import { syncEngine } from '../../sync/app-sync.ts';

const EMPTY: ReadonlyMap<string, string> = new Map();

/** hash → object URL for the images (and sealed files) `markdown` uses that are on this device. */
export function useAttachmentUrls(markdown: string): ReadonlyMap<string, string> {
  const key = attachmentHashes(markdown).join(',');
  const sealedKey = [...sealedAttachmentKeys(markdown)]
    .map(([hash, fileKey]) => `${hash}=${fileKey}`)
    .join(',');
  const rows = useLiveQuery(async () => (key ? await db.attachments.bulkGet(key.split(',')) : []), [key]);
  const [urls, setUrls] = useState<ReadonlyMap<string, string>>(EMPTY);

  useEffect(() => {
    if (!rows || rows.length === 0) {
      setUrls(EMPTY);
      return;
    }
    const sealed = new Map(
      sealedKey ? sealedKey.split(',').map((pair) => pair.split('=') as [string, string]) : [],
    );
    let live = true;
    const made = new Map<string, string>();
    for (const row of rows) {
      // Images only: an object URL of an HTML or SVG file would open as a page of this origin.
      if (row && !sealed.has(row.sha256) && isInlineImage(row.mime)) {
        made.set(row.sha256, URL.createObjectURL(new Blob([row.bytes], { type: row.mime })));
      }
    }
    setUrls(made);
    const toOpen = rows.filter((row) => row && sealed.has(row.sha256));
    if (toOpen.length > 0)
      void import('../../db/sealed-attachments.ts').then(({ sealedObjectUrl }) => {
        if (!live) return;
        for (const row of toOpen) {
          const opened = row ? sealedObjectUrl(row, sealed.get(row.sha256)!) : null;
          if (opened) made.set(row!.sha256, opened.url);
        }
        setUrls(new Map(made));
      });
    return () => {
      live = false;
      for (const url of made.values()) URL.revokeObjectURL(url);
    };
  }, [rows, sealedKey]);

  useEffect(() => {
    if (!rows || !key) return;
    const hashes = key.split(',');
    const missing = hashes.filter((_, index) => !rows[index]);
    if (missing.length > 0) void syncEngine.fetchAttachments(missing);
  }, [rows, key]);

  return urls;
}

/**
 * Points the rendered images (and a locked note's file links) at the local copies (HTML already sanitised; the
 * URLs are the browser's own).
 */
export function withLocalImages(html: string, urls: ReadonlyMap<string, string>): string {
  if (urls.size === 0) return html;
  return html
    .replace(/src="\/api\/attachments\/([0-9a-f]{64})(?:#pnfile=[A-Za-z0-9_-]+)?"/g, (match, sha: string) => {
      const url = urls.get(sha);
      return url ? `src="${url}"` : match;
    })
    .replace(/href="\/api\/attachments\/([0-9a-f]{64})#pnfile=[A-Za-z0-9_-]+"/g, (match, sha: string) => {
      const url = urls.get(sha);
      return url ? `href="${url}" download` : match;
    });
}
