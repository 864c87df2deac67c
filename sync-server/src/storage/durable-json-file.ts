// A lowdb adapter that replaces its JSON file atomically AND durably: temp file, fsync, rename, fsync dir.
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Adapter } from 'lowdb';

export class DurableJsonFile<T> implements Adapter<T> {
  readonly #file: string;

  constructor(file: string) {
    this.#file = file;
  }

  async read(): Promise<T | null> {
    try {
      return JSON.parse(await readFile(this.#file, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async write(data: T): Promise<void> {
    await writeFileDurably(this.#file, JSON.stringify(data));
  }
}

/** Replaces `file` with `text` atomically and durably (temp file, fsync, rename, fsync dir); mode 0600. */
export async function writeFileDurably(file: string, text: string): Promise<void> {
  const tmp = `${file}.tmp`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(text);
    // Without this fsync the rename could reach the disk before the contents, leaving an empty file.
    await handle.sync();
  } catch (error) {
    // A half-written temp file would only take the space a full disk needs back.
    await handle.close().catch(() => {});
    await rm(tmp, { force: true }).catch(() => {});
    throw error;
  }
  await handle.close();
  await rename(tmp, file);
  await syncDir(path.dirname(file));
}

/** Makes a rename in `dir` durable. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
