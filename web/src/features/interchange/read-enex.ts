// Reads an Evernote export (.enex) a megabyte at a time: the file is never held whole (exports reach hundreds of
// megabytes, mostly attachments), each note is converted as soon as it is read. Its resources are decoded with
// it, hashed, placed where its body's <en-media> points (matched by MD5, as Evernote does) and dropped: memory
// holds one slice's notes at a time, and the write reads the bytes again (EnexResourceCursor). Malformed XML
// stops the file with a message saying where; the notes read before it are listed, and the owner decides.

import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  attachmentLink,
  fileTooLargeMessage,
  isInlineImage,
  SNIFF_BYTES,
  sniffMime,
} from '@private-notes/shared';
import { describeResource, enexToImportedNote } from '@private-notes/shared/interchange/enex-note';
import { type EnexNote, EnexReader, type EnexResource } from '@private-notes/shared/interchange/enex-reader';
import { cleanFileName, sha256Hex } from '../../db/attachment-store.ts';
import { ENEX_SLICE_BYTES, EnexResourceCursor } from './enex-resource-cursor.ts';
import type { AttachmentRef, ImportScan } from './import-types.ts';

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Placed {
  md5: string;
  sha256: string;
  name: string;
  mime: string;
  size: number;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** A resource's name: its own file name, else "attachment 2.png" from its type. */
function resourceName(resource: EnexResource, mime: string, position: number): string {
  if (resource.fileName) return cleanFileName(resource.fileName);
  const extension = EXTENSIONS[mime] ?? EXTENSIONS[resource.mime ?? ''];
  return `attachment ${position}${extension ? `.${extension}` : ''}`;
}

/** Hashes a note's resources; a warning for each that cannot become an attachment. */
async function placeResources(enex: EnexNote, maxBytes: number, warnings: string[]): Promise<Placed[]> {
  const placed: Placed[] = [];
  for (const [index, resource] of enex.resources.entries()) {
    const data = resource.data;
    const refuse = (reason: string) => warnings.push(`${reason}: not imported; the note marks where it was`);
    if (data === null) refuse(`${describeResource(resource)} has damaged data`);
    else if (data.length === 0) refuse(`${describeResource(resource)} is empty`);
    else if (data.length > maxBytes)
      refuse(fileTooLargeMessage(resource.fileName ?? 'a file', data.length, maxBytes));
    else {
      const mime = sniffMime(data.subarray(0, SNIFF_BYTES));
      placed.push({
        md5: bytesToHex(md5(data)),
        sha256: await sha256Hex(data),
        name: resourceName(resource, mime, index + 1),
        mime,
        size: data.length,
      });
    }
  }
  return placed;
}

/** Resources the body never places are added at its end, so none is lost. */
function withUnplacedMedia(enml: string, placed: readonly Placed[]): string {
  const inBody = new Set(
    [...enml.matchAll(/<en-media\b[^>]*?\bhash\s*=\s*["']([0-9a-fA-F]+)["']/g)].map((m) =>
      m[1]!.toLowerCase(),
    ),
  );
  const extra = placed
    .filter((p) => !inBody.has(p.md5))
    .map((p) => `<div><en-media hash="${p.md5}" type="${p.mime}"/></div>`)
    .join('');
  if (extra === '') return enml;
  return enml.includes('</en-note>')
    ? enml.replace(/<\/en-note>(?![\s\S]*<\/en-note>)/, `${extra}</en-note>`)
    : enml + extra;
}

export async function readEnex(
  file: Blob & { name: string },
  scan: ImportScan,
  onBytes: (bytes: number) => void,
  maxBytes: number,
): Promise<void> {
  const cursor = new EnexResourceCursor(file);
  const read: { index: number; enex: EnexNote }[] = [];
  let index = 0;
  const reader = new EnexReader((enex) => read.push({ index: ++index, enex }), { resourceData: true });
  const convert = async () => {
    for (const { index, enex } of read.splice(0)) {
      const source = `${file.name} › note ${index} “${enex.title || 'Untitled'}”`;
      const warnings: string[] = [];
      const placed = await placeResources(enex, maxBytes, warnings);
      const byMd5 = new Map(placed.map((p) => [p.md5, p]));
      const used = new Map<string, Placed>();
      const parsed = enexToImportedNote({ ...enex, enml: withUnplacedMedia(enex.enml, placed) }, (hash) => {
        const file = hash === null ? undefined : byMd5.get(hash);
        if (!file) return null;
        used.set(file.sha256, file);
        return attachmentLink(file.name, file.sha256, isInlineImage(file.mime));
      });
      if (!parsed.ok) {
        scan.problems.push({ source, status: 'error', message: `${parsed.error}: not imported` });
        continue;
      }
      const attachments: AttachmentRef[] = [...used.values()].map((p) => ({
        sha256: p.sha256,
        name: p.name,
        size: p.size,
        read: () => cursor.read(index, p.sha256),
      }));
      scan.candidates.push({
        source,
        note: parsed.note,
        warnings: [...parsed.warnings, ...warnings],
        attachments,
        matchId: null,
      });
    }
  };
  const decoder = new TextDecoder('utf-8');
  try {
    for (let offset = 0; offset < file.size; offset += ENEX_SLICE_BYTES) {
      const slice = await file.slice(offset, offset + ENEX_SLICE_BYTES).arrayBuffer();
      reader.write(decoder.decode(slice, { stream: true }));
      await convert();
      onBytes(slice.byteLength);
      await yieldToPage();
    }
    reader.write(decoder.decode());
    reader.close();
    await convert();
  } catch (error) {
    // Notes read before the failure are still converted; the rest of the file is not.
    await convert();
    const reason = error instanceof Error ? error.message : 'unreadable';
    const count = reader.notesRead;
    scan.problems.push({
      source: file.name,
      status: 'error',
      message:
        count === 0
          ? `${reason}: nothing imported from it`
          : `${reason}: the ${count} notes before this point were read, the rest of the file was not`,
    });
  }
}
