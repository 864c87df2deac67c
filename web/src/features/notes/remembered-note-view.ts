// The owner's default notes view (Settings › Default view), remembered on this device, so the notes screen's
// first render on the next visit lays the cards out as the settings will: a grid that turned into a list when
// the settings arrived moved every card under the pointer, and a press begun on one ended on another.
export type NoteView = 'grid' | 'list';

export const NOTE_VIEW_STORAGE_KEY = 'private-notes-note-view';

export function rememberedNoteView(): NoteView | null {
  try {
    const stored = window.localStorage.getItem(NOTE_VIEW_STORAGE_KEY);
    return stored === 'grid' || stored === 'list' ? stored : null;
  } catch {
    return null; // no storage (private mode, a server render)
  }
}

export function rememberNoteView(view: NoteView): void {
  try {
    window.localStorage.setItem(NOTE_VIEW_STORAGE_KEY, view);
  } catch {
    // No storage: the next visit starts from the SPEC default until the settings load.
  }
}
