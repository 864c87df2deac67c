// Reads an Evernote export's resources again at the write, moving forward through the file: the import asks for
// notes in file order, so one more pass over the file serves the whole import, and only the resources of the
// note asked for are kept (by hash) while the rest are decoded and dropped. Asking for an earlier note starts
// over from the top, which is slower but still right.
import { EnexReader } from '@private-notes/shared/interchange/enex-reader';
import { sha256Hex } from '../../db/attachment-store.ts';

export const ENEX_SLICE_BYTES = 1024 * 1024;

export class EnexResourceCursor {
  readonly #file: Blob;
  #reader!: EnexReader;
  #decoder!: TextDecoder;
  #offset = 0;
  #seen = 0;
  #wanted = 0;
  #found: Uint8Array<ArrayBuffer>[] | null = null;
  #current: { note: number; files: Map<string, Uint8Array> } | null = null;

  constructor(file: Blob) {
    this.#file = file;
    this.#restart();
  }

  #restart(): void {
    this.#offset = 0;
    this.#seen = 0;
    this.#decoder = new TextDecoder('utf-8');
    this.#reader = new EnexReader(
      (enex) => {
        this.#seen++;
        if (this.#seen === this.#wanted)
          this.#found = enex.resources.flatMap((r) => (r.data ? [r.data] : []));
      },
      { resourceData: true },
    );
  }

  /** The bytes of the resource with this SHA-256 in the file's `note`-th note (counted from 1). */
  async read(note: number, sha256: string): Promise<Uint8Array> {
    if (this.#current?.note !== note) {
      if (note <= this.#seen) this.#restart();
      this.#wanted = note;
      this.#found = null;
      this.#current = null;
      while (this.#found === null && this.#offset < this.#file.size) {
        const slice = await this.#file.slice(this.#offset, this.#offset + ENEX_SLICE_BYTES).arrayBuffer();
        this.#offset += slice.byteLength;
        this.#reader.write(this.#decoder.decode(slice, { stream: true }));
        if (this.#offset >= this.#file.size) {
          this.#reader.write(this.#decoder.decode());
          this.#reader.close();
        }
      }
      const found = this.#found as Uint8Array<ArrayBuffer>[] | null;
      if (found === null) throw new Error(`note ${note} is no longer in the Evernote file`);
      const files = new Map<string, Uint8Array>();
      for (const data of found) files.set(await sha256Hex(data), data);
      this.#current = { note, files };
      this.#found = null;
    }
    const bytes = this.#current.files.get(sha256);
    if (!bytes) throw new Error('a file in the Evernote export changed since the preview');
    return bytes;
  }
}
