// Links into the notes screen: ?new=1 and ?open={local id} (the quick switcher, links between notes), acted on
// once and then dropped, and [[links]] between notes (open the linked note in the viewer, or create a missing
// one and edit it).
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { createNote } from '../../../db/notes-store.ts';
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
  // The new note opens in the editor once the list has it (the editor needs the note to edit).
  const [pendingEdit, setPendingEdit] = useState<string | null>(null);
  const createLinked = useCallback(
    (title: string) => {
      void createNote({ title, content: '', tags: [] }).then((note) => {
        setViewerId(null);
        setPendingEdit(note.id);
      });
    },
    [setViewerId],
  );
  useEffect(() => {
    if (!pendingEdit || !notes?.some((note) => note.id === pendingEdit)) return;
    setMode({ kind: 'editor', noteId: pendingEdit });
    setPendingEdit(null);
  }, [pendingEdit, notes, setMode]);
  return useWikiLinkIndex(notes, { open: openLinked, create: createLinked });
}
