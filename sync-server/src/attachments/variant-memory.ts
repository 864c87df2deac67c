// Small public image variants kept in memory (least recently used out first), so the fast path can answer a
// blog visitor's image without Express, a stat or a file read. Filled after a variant has been served once.
import { readFile } from 'node:fs/promises';

/** Variants above this stay on disk only (a phone-sized WebP is 10–100 KB). */
export const VARIANT_MEMORY_MAX_FILE = 512 * 1024;
/** Total bytes kept. */
export const VARIANT_MEMORY_MAX_TOTAL = 64 * 1024 * 1024;

export class VariantMemory {
  readonly #entries = new Map<string, Buffer>();
  #total = 0;

  get(key: string): Buffer | undefined {
    const bytes = this.#entries.get(key);
    if (bytes) {
      // Re-insert: Map order is the recency order.
      this.#entries.delete(key);
      this.#entries.set(key, bytes);
    }
    return bytes;
  }

  /** Reads the variant's file into memory if it is small enough; errors just leave it out. */
  async remember(key: string, file: string): Promise<void> {
    if (this.#entries.has(key)) return;
    const bytes = await readFile(file).catch(() => null);
    if (!bytes || bytes.length > VARIANT_MEMORY_MAX_FILE || this.#entries.has(key)) return;
    this.#entries.set(key, bytes);
    this.#total += bytes.length;
    for (const [oldest, old] of this.#entries) {
      if (this.#total <= VARIANT_MEMORY_MAX_TOTAL) break;
      this.#entries.delete(oldest);
      this.#total -= old.length;
    }
  }

  /** Forgets every variant of a file (garbage collection removed it). */
  forget(sha256: string): void {
    for (const [key, bytes] of this.#entries) {
      if (key.startsWith(`${sha256}/`)) {
        this.#entries.delete(key);
        this.#total -= bytes.length;
      }
    }
  }
}
