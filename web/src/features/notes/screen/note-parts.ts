// Not on the list's first paint: the editor, the viewer (with the markdown renderer), the filters, the delete
// dialog and the compare view load as chunks of their own, fetched right after the first paint and on hover
// or focus of what opens them (docs/decisions/owner-first-visit-split.md).
import { lazyWithPreload } from '../../../ui/lazy-with-preload.ts';

// The compare view (and its diff library) loads when a conflict is first compared.
export const ConflictCompare = lazyWithPreload(() =>
  import('../conflicts/ConflictCompare.tsx').then((m) => ({ default: m.ConflictCompare })),
);
export const NoteEditor = lazyWithPreload(() =>
  import('../NoteEditor.tsx').then((m) => ({ default: m.NoteEditor })),
);
export const NoteViewer = lazyWithPreload(() =>
  import('../NoteViewer.tsx').then((m) => ({ default: m.NoteViewer })),
);
export const NotesFilters = lazyWithPreload(() =>
  import('../NotesFilters.tsx').then((m) => ({ default: m.NotesFilters })),
);
export const DeleteNoteDialog = lazyWithPreload(() =>
  import('../DeleteNoteDialog.tsx').then((m) => ({ default: m.DeleteNoteDialog })),
);
export const preloadNoteParts = () => {
  NoteViewer.preload();
  NoteEditor.preload();
  DeleteNoteDialog.preload();
};
export const preloadEditor = () => NoteEditor.preload();
export const preloadAllParts = () => {
  for (const part of [NoteEditor, NoteViewer, DeleteNoteDialog, NotesFilters]) part.preload();
};
