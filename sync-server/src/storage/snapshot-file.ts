// data.json with a checksum: the snapshot's JSON, then `"checksum":"<crc32>"` as its last member, computed
// over the same text without that member, so it is checked byte for byte without re-serialising. A file
// written before checksums (no such member) still reads. See docs/decisions/store-integrity-checksums.md.
import { readFile } from 'node:fs/promises';
import type { Adapter } from 'lowdb';
import { writeFileDurably } from './durable-json-file.ts';
import { checksum } from './journal-records.ts';
import type { Snapshot } from './state.ts';

/** Test seam: asked before each snapshot write; an error makes the write fail (a full disk). */
export type SnapshotFault = () => NodeJS.ErrnoException | undefined;

const TRAILER = /,"checksum":"([0-9a-f]{8})"\}\s*$/;

export function encodeSnapshot(data: Snapshot): string {
  const json = JSON.stringify(data);
  return `${json.slice(0, -1)},"checksum":"${checksum(json)}"}`;
}

/** Parses and checks data.json's text; the error says what is wrong, never what the file holds. */
export function decodeSnapshot(text: string): { snapshot: Snapshot; checked: boolean } {
  const trailer = TRAILER.exec(text);
  if (trailer) {
    const json = `${text.slice(0, trailer.index)}}`;
    if (checksum(json) !== trailer[1]) throw new SnapshotInvalid('its checksum does not match its contents');
    return { snapshot: parse(json), checked: true };
  }
  return { snapshot: parse(text), checked: false };
}

export class SnapshotInvalid extends Error {}

function parse(json: string): Snapshot {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    // JSON.parse's message quotes the text: keep only where it failed.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new SnapshotInvalid(`not valid JSON${position ? ` near byte ${position}` : ''}`);
  }
  const snapshot = value as Snapshot;
  if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot))
    throw new SnapshotInvalid('not a snapshot object');
  if (snapshot.format !== 1) throw new SnapshotInvalid(`unknown format ${String(snapshot.format)}`);
  if (typeof snapshot.seq !== 'number') throw new SnapshotInvalid('it has no sequence number');
  return snapshot;
}

/** The lowdb adapter for data.json: durable atomic replace, checksum written and checked. */
export class SnapshotFile implements Adapter<Snapshot> {
  readonly file: string;
  readonly #fault: SnapshotFault | undefined;

  constructor(file: string, fault?: SnapshotFault) {
    this.file = file;
    this.#fault = fault;
  }

  /** Null when the file does not exist; throws SnapshotInvalid when it is damaged. */
  async read(): Promise<Snapshot | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const { snapshot } = decodeSnapshot(text);
    delete (snapshot as { checksum?: string }).checksum;
    return snapshot;
  }

  async write(data: Snapshot): Promise<void> {
    const error = this.#fault?.();
    if (error) throw error;
    await writeFileDurably(this.file, encodeSnapshot(data));
  }
}
