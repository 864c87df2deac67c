// The note editor: a conductor over its parts. The text and its base (editor/use-editor-fields.ts), a draft
// restored on opening (use-restored-draft.ts), the note followed as it changes in another tab or device
// (use-remote-note.ts), auto-save with the per-note drafts (use-auto-save.ts), and the buttons
// (use-editor-actions.ts); the fields, notices and footer are components of their own.
// Writes go to the local database only; the sync engine takes them from there.
import { Box, Flex, Text } from '@chakra-ui/react';
import {
  canSaveNote,
  countCharacters,
  countWords,
  editorHeaderText,
  formatTags,
  mergeTags,
  NOTE_CONTENT_MAX,
  noteTooLongMessage,
  parseTags,
  readingTime,
} from '@private-notes/shared';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { storeAttachment } from '../../db/attachment-store.ts';
import { setNewNoteLocked } from '../../db/locked-note-codec.ts';
import type { NoteInput } from '../../db/notes-store.ts';
import type { LocalNote } from '../../db/types.ts';
import { useOpenedOnce } from '../../ui/use-opened-once.ts';
import { useSettings } from '../settings/use-settings.ts';
import { DiscardChangesDialog } from './editor/DiscardChangesDialog.tsx';
import { ContentField, EditorTabs, LiveContent } from './editor/EditorFields.tsx';
import { DisabledAiButtons, EditorCounts, EditorFooter, EditorInsights } from './editor/EditorFooter.tsx';
import { RemoteChangeNotice, RestoredDraftNotice } from './editor/EditorNotices.tsx';
import { useAutoSave } from './editor/use-auto-save.ts';
import { useEditorActions } from './editor/use-editor-actions.ts';
import { useEditorFields } from './editor/use-editor-fields.ts';
import { useRemoteNote } from './editor/use-remote-note.ts';
import { useRestoredDraft } from './editor/use-restored-draft.ts';
import { useFileInsertion } from './use-file-insertion.ts';
import { draftStatusText, useNoteDraft } from './use-note-draft.ts';
import { saveAndStay, useSaveShortcut } from './use-save-shortcut.ts';

/** Files go into this device's database at once (no connection needed); the note's save queues the upload. */
async function storeLocally(file: File) {
  return storeAttachment({ bytes: await file.arrayBuffer(), name: file.name });
}

/** A locked note's files are sealed on this device before they are stored (db/sealed-attachments.ts). */
async function storeSealed(file: File) {
  const { storeSealedAttachment } = await import('../../db/sealed-attachments.ts');
  return storeSealedAttachment({ bytes: await file.arrayBuffer(), name: file.name });
}

/** What the AI helpers (wired by the AI feature) get from the editor. */
export interface EditorAiContext {
  noteId: string | null;
  title: string;
  content: string;
  tags: string[];
  /** True while the editor itself is busy (saving); AI buttons must be disabled then. */
  loading: boolean;
  /** A locked note: its text goes to a server model only when the owner confirms. */
  locked: boolean;
  /** Adds suggested tags that are not already in the list. */
  addTags(tags: string[]): void;
  /** Shows extracted insights under the editor (a list of strings). */
  setInsights(insights: string[]): void;
}

export interface NoteEditorProps {
  /** The note being edited, or null for a new one. The parent keys the editor by note id, so a change resets it. */
  note: LocalNote | null;
  /** A new note's title to start from (a [[link]] to a note that does not exist yet). */
  initialTitle?: string | undefined;
  /** `stay`: saved with Ctrl/Cmd+S, the editor stays open on the saved note. */
  onDone(saved: LocalNote | null, stay?: boolean): void;
  aiSlot?: (ctx: EditorAiContext) => ReactNode;
  /** A new note made with "New locked note": created locked on save, nothing written before. */
  lockNew?: boolean;
  /** Lock note / Unlock note for the note being edited; `saveFirst` saves the editor's text before. */
  lockSlot?: (note: LocalNote, saveFirst: () => Promise<void>) => ReactNode;
}

export function NoteEditor({ note, onDone, aiSlot, initialTitle, lockNew, lockSlot }: NoteEditorProps) {
  const { settings } = useSettings();
  const editor = useEditorFields(note, initialTitle);
  const { title, content, tagInput, setTitle, setContent, setTagInput, dirty } = editor;
  const [insights, setInsights] = useState<string[]>([]);
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const noteId = note?.id ?? null;
  const isNew = note === null;
  const newLocked = isNew && lockNew === true;
  useEffect(() => {
    if (!newLocked) return;
    setNewNoteLocked(true);
    return () => setNewNoteLocked(false);
  }, [newLocked]);
  const openFilePicker = useCallback(() => fileInput.current?.click(), []);
  /** The text this editor last wrote to the note: its own write seen by the live query is not a remote change. */
  const written = useRef<NoteInput | null>(null);

  const draft = useRestoredDraft(noteId, !isNew, editor);
  const remote = useRemoteNote(noteId, editor, written);
  const autoSave = settings.autoSaveInterval;
  const canSave = canSaveNote({ title, content }, false);
  const [saving, setSaving] = useState(false);
  const { persistence, saveInPlace } = useAutoSave({
    noteId,
    isExisting: !isNew,
    editor,
    autoSave,
    draftChecked: draft.draftChecked,
    saving,
    written,
    remote,
  });
  const actions = useEditorActions({
    noteId,
    editor,
    canSave,
    persistence,
    written,
    remote,
    saving,
    setSaving,
    onDone,
    locked: newLocked || note?.locked === true,
  });
  const askedOnce = useOpenedOnce(actions.asking);
  const draftStatus = useNoteDraft({ title, content, tagInput, noteId }, dirty, saving);

  // A draft restored on opening is text left behind without a save: with auto-save on, it is saved now, as
  // leaving the editor would have (a reload or a closed tab gave it no time), so the sync pushes it and the
  // owner's other devices see it. A new note's text counts when its page went away mid-edit (the notes screen
  // reopened the editor on it): it becomes a note and the editor stays on it, as Ctrl+S does. One left inside
  // the app stays a draft card until the owner saves it (issue 31; tabs-as-writers.md).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per restored draft
  useEffect(() => {
    if (!draft.restored || autoSave <= 0) return;
    if (!isNew) void saveInPlace();
    else if (draft.restored.leftByPage && canSave) void actions.save({ stay: true });
  }, [draft.restored]);
  function discardRestored() {
    if (draft.discard() && !isNew && autoSave > 0) void saveInPlace();
  }

  const files = useFileInsertion({
    textareaRef,
    setContent,
    store: newLocked || note?.locked ? storeSealed : storeLocally,
  });
  // The counts scan the whole text: with a long note they lag a keystroke behind rather than delay it.
  const countedContent = useDeferredValue(content);
  const counts = useMemo(
    () => ({
      words: countWords(countedContent),
      characters: countCharacters(countedContent),
      minutes: readingTime(countedContent),
    }),
    [countedContent],
  );
  // The server's own limit and words (413 beyond it), shown before the owner tries to save.
  const tooLongMessage = content.length > NOTE_CONTENT_MAX ? noteTooLongMessage(content.length) : null;

  // Typing must cost one frame with a long note: a keystroke re-renders only what shows the content. What
  // follows the text as a whole (counts, AI helpers) reads it deferred.
  const handlers = useRef(actions);
  handlers.current = actions;
  const saveInPlaceRef = useRef(saveInPlace);
  saveInPlaceRef.current = saveInPlace;
  // Ctrl/Cmd+S saves and stays: an existing note in place (as auto-save does), a new one created and reopened.
  useSaveShortcut(
    () =>
      void saveAndStay({
        isNew,
        saveInPlace: () => saveInPlaceRef.current(),
        createAndStay: () => handlers.current.save({ stay: true }),
      }),
  );
  const deferredTags = useMemo(() => parseTags(tagInput), [tagInput]);
  const aiContext = useMemo<EditorAiContext>(
    () => ({
      noteId,
      title,
      content: countedContent,
      tags: deferredTags,
      loading: saving,
      locked: newLocked || note?.locked === true,
      addTags: (suggested) => {
        const merged = mergeTags(deferredTags, suggested);
        if (merged.length > deferredTags.length) setTagInput(formatTags(merged));
      },
      setInsights,
    }),
    [noteId, title, countedContent, deferredTags, saving, setTagInput, note?.locked, newLocked],
  );

  const filesRef = useRef(files);
  filesRef.current = files;
  const contentField = useMemo(
    () => (
      <ContentField
        onChange={setContent}
        onPaste={(event) => filesRef.current.onPaste(event)}
        onDragOver={(event) => filesRef.current.onDragOver(event)}
        onDrop={(event) => filesRef.current.onDrop(event)}
        onPickFiles={openFilePicker}
        onFiles={(picked) => void filesRef.current.insertFiles(picked)}
        textareaRef={textareaRef}
        fileInput={fileInput}
      />
    ),
    [openFilePicker, setContent],
  );
  const liveContent = useMemo(() => ({ content, tooLongMessage }), [content, tooLongMessage]);
  const countsRow = useMemo(
    () => <EditorCounts {...counts} draftStatus={draftStatusText(draftStatus, dirty)} />,
    [counts, draftStatus, dirty],
  );
  const insightsBox = useMemo(() => <EditorInsights insights={insights} />, [insights]);
  const aiFeatures = settings.aiFeatures;
  const footer = useMemo(
    () => (
      <EditorFooter
        dirty={dirty}
        ai={aiFeatures ? aiSlot ? aiSlot(aiContext) : <DisabledAiButtons /> : null}
        canSave={canSave && !saving}
        saving={saving}
        onCancel={() => handlers.current.cancel()}
      />
    ),
    [dirty, aiFeatures, aiSlot, aiContext, canSave, saving],
  );

  return (
    <Box
      as="section"
      aria-label={isNew ? 'New note' : 'Edit note'}
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: 3, md: 5 }}
      data-testid="note-editor"
    >
      <Flex justify="space-between" align="center" mb="3" gap="2" wrap="wrap">
        <Text as="h2" fontSize="xl" fontWeight="semibold">
          {newLocked ? 'New locked note' : isNew ? 'New Note' : 'Edit Note'}
        </Text>
        {note && lockSlot
          ? lockSlot(note, async () => {
              await saveInPlaceRef.current();
            })
          : null}
        <Text fontSize="sm" color={dirty ? 'orange.fg' : 'fg.muted'} data-testid="editor-header-status">
          {editorHeaderText(dirty, isNew)}
        </Text>
      </Flex>
      {draft.restored ? (
        <RestoredDraftNotice savedAt={draft.restored.savedAt} onDiscard={discardRestored} />
      ) : null}
      {remote.change ? (
        <RemoteChangeNotice change={remote.change} onKeepCopy={() => void handlers.current.keepCopy()} />
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handlers.current.save();
        }}
      >
        <LiveContent value={liveContent}>
          <EditorTabs
            title={title}
            setTitle={setTitle}
            tagInput={tagInput}
            setTagInput={setTagInput}
            contentField={contentField}
            content={content}
          />
        </LiveContent>
        {countsRow}
        {insightsBox}
        {footer}
      </form>
      {askedOnce ? (
        <DiscardChangesDialog
          open={actions.asking}
          isNew={isNew}
          onKeep={actions.keepEditing}
          onDiscard={actions.discard}
        />
      ) : null}
    </Box>
  );
}
