// The owner's screens show a note's images from the bytes on this device (object URLs), so a note opened with
// no connection still shows them; files not here yet are fetched when a note that uses them is shown.
import { attachmentHashes, isInlineImage } from '@private-notes/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../db/db.ts';
import { syncEngine } from '../../sync/app-sync.ts';

const EMPTY: ReadonlyMap<string, string> = new Map();

/** hash → object URL for the images `markdown` uses that are on this device. */
export function useAttachmentUrls(markdown: string): ReadonlyMap<string, string> {
  const key = attachmentHashes(markdown).join(',');
  const rows = useLiveQuery(async () => (key ? await db.attachments.bulkGet(key.split(',')) : []), [key]);
  const [urls, setUrls] = useState<ReadonlyMap<string, string>>(EMPTY);

  useEffect(() => {
    if (!rows || rows.length === 0) {
      setUrls(EMPTY);
      return;
    }
    const made = new Map<string, string>();
    for (const row of rows) {
      // Images only: an object URL of an HTML or SVG file would open as a page of this origin.
      if (row && isInlineImage(row.mime)) {
        made.set(row.sha256, URL.createObjectURL(new Blob([row.bytes], { type: row.mime })));
      }
    }
    setUrls(made);
    return () => {
      for (const url of made.values()) URL.revokeObjectURL(url);
    };
  }, [rows]);

  useEffect(() => {
    if (!rows || !key) return;
    const hashes = key.split(',');
    const missing = hashes.filter((_, index) => !rows[index]);
    if (missing.length > 0) void syncEngine.fetchAttachments(missing);
  }, [rows, key]);

  return urls;
}

/** Points the rendered images at the local copies (HTML already sanitised; the URLs are the browser's own). */
export function withLocalImages(html: string, urls: ReadonlyMap<string, string>): string {
  if (urls.size === 0) return html;
  return html.replace(/src="\/api\/attachments\/([0-9a-f]{64})"/g, (match, sha: string) => {
    const url = urls.get(sha);
    return url ? `src="${url}"` : match;
  });
}
