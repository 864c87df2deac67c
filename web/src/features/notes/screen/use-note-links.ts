// Links into the notes screen: ?new=1 and ?open={local id} (the quick switcher, links between notes), acted on
// once and then dropped, and [[links]] between notes (open the linked note in the viewer, or start a new note
// with a missing one's title, created only when saved).
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import type { LocalNote } from '../../../db/types.ts';
import { useWikiLinkIndex } from '../../links/use-wiki-link-index.ts';
import type { NotesSearch } from '../notes-search.ts';
import type { Mode } from './use-editing-note.ts';

interface Input {
  notes: LocalNote[] | undefined;
  setMode(mode: Mode): void;
  setViewerId(id: string | null): void;
  openNew(): void;
}

export function useNoteLinks({ notes, setMode, setViewerId, openNew }: Input) {
  const navigate = useNavigate();
  const links = useSearch({ strict: false }) as NotesSearch;
  useEffect(() => {
    if (links.new !== '1') return;
    openNew();
    void navigate({ to: '.', search: ({ new: _new, ...rest }: NotesSearch) => rest, replace: true });
  }, [links.new, openNew, navigate]);
  useEffect(() => {
    if (!links.open || !notes) return;
    if (notes.some((note) => note.id === links.open)) {
      setMode({ kind: 'list' });
      setViewerId(links.open);
    }
    void navigate({ to: '.', search: ({ open: _open, ...rest }: NotesSearch) => rest, replace: true });
  }, [links.open, notes, navigate, setMode, setViewerId]);

  const openLinked = useCallback(
    (noteId: string) => {
      setMode({ kind: 'list' });
      setViewerId(noteId);
    },
    [setMode, setViewerId],
  );
  // A link to a missing note offers it: a new note's editor with the link's title. Nothing is created until it
  // is saved, so backing out leaves no empty note behind.
  const createLinked = useCallback(
    (title: string) => {
      setViewerId(null);
      setMode({ kind: 'editor', noteId: null, title });
    },
    [setMode, setViewerId],
  );
  return useWikiLinkIndex(notes, { open: openLinked, create: createLinked });
}
