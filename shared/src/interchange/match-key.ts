// How an imported note is recognised as one already here: by the `id` this product's export wrote, else by its
// text (title and content, line endings and surrounding blank space ignored).

export interface Matchable {
  title: string;
  content: string;
}

export function contentKey(note: Matchable): string {
  const content = note.content.replace(/\r\n?/g, '\n').trim();
  return `${note.title.trim().toLowerCase()}\u0000${content}`;
}

export class ExistingNotes {
  readonly #ids = new Map<string, string>();
  readonly #contents = new Map<string, string>();

  /** `notes`: the local notes (their `id` is the client id an export writes). */
  constructor(notes: Iterable<Matchable & { id: string }>) {
    for (const note of notes) {
      this.#ids.set(note.id, note.id);
      this.#contents.set(contentKey(note), note.id);
    }
  }

  /** The local id of the note this imported one matches, or null when it is new. */
  match(note: Matchable & { exportedId: string | null }): string | null {
    if (note.exportedId !== null) {
      const byId = this.#ids.get(note.exportedId);
      if (byId !== undefined) return byId;
    }
    return this.#contents.get(contentKey(note)) ?? null;
  }

  /** Counts a note being imported, so two identical files in one import are recognised as one. */
  add(note: Matchable & { exportedId: string | null }, localId: string): void {
    if (note.exportedId !== null) this.#ids.set(note.exportedId, localId);
    this.#contents.set(contentKey(note), localId);
  }
}
