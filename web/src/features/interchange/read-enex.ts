// Reads an Evernote export (.enex) a megabyte at a time: the file is never held whole (exports reach hundreds of
// megabytes, mostly attachments), each note is converted as soon as it is read. Malformed XML stops the file
// with a message saying where; the notes read before it are listed, and the owner decides on them.
import { enexToImportedNote } from '@private-notes/shared/interchange/enex-note';
import { EnexReader } from '@private-notes/shared/interchange/enex-reader';
import type { ImportScan } from './import-types.ts';

export const ENEX_SLICE_BYTES = 1024 * 1024;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function readEnex(
  file: Blob & { name: string },
  scan: ImportScan,
  onBytes: (bytes: number) => void,
): Promise<void> {
  let index = 0;
  const reader = new EnexReader((enex) => {
    index++;
    const source = `${file.name} › note ${index} “${enex.title || 'Untitled'}”`;
    const parsed = enexToImportedNote(enex);
    if (parsed.ok)
      scan.candidates.push({ source, note: parsed.note, warnings: parsed.warnings, matchId: null });
    else scan.problems.push({ source, status: 'error', message: `${parsed.error}: not imported` });
  });
  const decoder = new TextDecoder('utf-8');
  try {
    for (let offset = 0; offset < file.size; offset += ENEX_SLICE_BYTES) {
      const slice = await file.slice(offset, offset + ENEX_SLICE_BYTES).arrayBuffer();
      reader.write(decoder.decode(slice, { stream: true }));
      onBytes(slice.byteLength);
      await yieldToPage();
    }
    reader.write(decoder.decode());
    reader.close();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    const read = reader.notesRead;
    scan.problems.push({
      source: file.name,
      status: 'error',
      message:
        read === 0
          ? `${reason}: nothing imported from it`
          : `${reason}: the ${read} notes before this point were read, the rest of the file was not`,
    });
  }
}
