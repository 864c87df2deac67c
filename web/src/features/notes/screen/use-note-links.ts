// Links into the notes screen: ?new=1 and ?open={local id} (the quick switcher, links between notes), acted on
// once and then dropped, and [[links]] between notes (open the linked note in the viewer, or start a new note
// with a missing one's title, created only when saved). While locked notes cannot be read, a link no readable
// note answers may lead to one of them: the owner is asked to unlock (or to make the note) rather than guessed for.
import { titleKey } from '@private-notes/shared';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  createElement,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isSealedNote, revealNote } from '../../../db/locked-note-codec.ts';
import type { LocalNote } from '../../../db/types.ts';
import { useWikiLinkIndex } from '../../links/use-wiki-link-index.ts';
import type { WikiLinks } from '../../links/wiki-link-context.ts';
import type { NotesSearch } from '../notes-search.ts';
import type { Mode } from './use-editing-note.ts';

interface Input {
  notes: LocalNote[] | undefined;
  setMode(mode: Mode): void;
  setViewerId(id: string | null): void;
  openNew(): void;
  /** Runs `then` once the vault is unlocked (asks for the passphrase first when it is locked). */
  whenUnlocked(then: () => void): void;
}

// Loaded when first asked (not on the notes screen's first paint).
const LockedLinkDialog = lazy(() =>
  import('../../links/LockedLinkDialog.tsx').then((module) => ({ default: module.LockedLinkDialog })),
);

export function useNoteLinks({ notes, setMode, setViewerId, openNew, whenUnlocked }: Input): {
  links: WikiLinks;
  /** The question asked before following a link that may lead to a locked note. */
  lockedLinkDialog: ReactNode;
} {
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
  const notesNow = useRef(notes);
  notesNow.current = notes;
  const [asking, setAsking] = useState<string | null>(null);
  const followMissing = useCallback(
    (title: string) => {
      if (notesNow.current?.some(isSealedNote)) setAsking(title);
      else createLinked(title);
    },
    [createLinked],
  );
  const index = useWikiLinkIndex(notes, { open: openLinked, create: followMissing });
  const lockedLinkDialog = useMemo(() => {
    if (asking === null) return null;
    const title = asking;
    const dialog = createElement(LockedLinkDialog, {
      title,
      onCancel: () => setAsking(null),
      onCreate: () => {
        setAsking(null);
        createLinked(title);
      },
      onUnlock: () => {
        // The question stays open under the unlock dialog (closing it first would send the focus back to the
        // viewer, which the unlock dialog would take as a click outside and close). Unlocked: the locked notes
        // are read in memory here, the most recently updated one with that title wins.
        whenUnlocked(() => {
          setAsking(null);
          const key = titleKey(title);
          const target = (notesNow.current ?? [])
            .map(revealNote)
            .filter((note) => !isSealedNote(note) && titleKey(note.title) === key)
            .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
          if (target) openLinked(target.id);
          else createLinked(title);
        });
      },
    });
    return createElement(Suspense, { fallback: null }, dialog);
  }, [asking, createLinked, openLinked, whenUnlocked]);
  return { links: index, lockedLinkDialog };
}
