// The note editor: Edit / Preview tabs, title, content with a formatting toolbar, comma-separated tags, counts,
// the dirty and draft status texts, Save (disabled per SPEC section 5), and a slot for the AI helpers.
// Writes go to the local database only; the sync engine takes them from there. Every change is kept in the
// note's draft (use-draft-persistence.ts); with auto-save on, leaving the editor saves the note itself.
import { Box, Button, Field, Flex, HStack, Input, Stack, Tabs, Text } from '@chakra-ui/react';
import {
  canSaveNote,
  countCharacters,
  countWords,
  editorFooterText,
  editorHeaderText,
  formatTags,
  isEditorDirty,
  mergeTags,
  NOTE_CONTENT_MAX,
  noteTooLongMessage,
  parseTags,
  readingTime,
  restoredDraftText,
} from '@private-notes/shared';
import {
  type ClipboardEvent,
  createContext,
  type DragEvent,
  type ReactNode,
  type RefObject,
  use,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { storeAttachment } from '../../db/attachment-store.ts';
import {
  clearDraft,
  deleteEditorDraft,
  deleteEditorDraftIfSaved,
  loadEditorDraft,
} from '../../db/draft-store.ts';
import { createNote, updateNote } from '../../db/notes-store.ts';
import type { LocalNote } from '../../db/types.ts';
import { toast } from '../../ui/toast-store.ts';
import { registerLogoutFlush } from '../auth/logout-guard.ts';
import { WikiLinkSuggestions } from '../links/WikiLinkSuggestions.tsx';
import { useSettings } from '../settings/use-settings.ts';
import { AttachFileInput } from './AttachFileButton.tsx';
import { MarkdownEditor } from './MarkdownEditor.tsx';
import { MarkdownView } from './MarkdownView.tsx';
import { useDraftPersistence } from './use-draft-persistence.ts';
import { useFileInsertion } from './use-file-insertion.ts';
import { draftStatusText, useNoteDraft } from './use-note-draft.ts';
import { saveAndStay, useSaveShortcut } from './use-save-shortcut.ts';

/** Files go into this device's database at once (no connection needed); the note's save queues the upload. */
async function storeLocally(file: File) {
  return storeAttachment({ bytes: await file.arrayBuffer(), name: file.name });
}

/** What the AI helpers (wired by the AI feature) get from the editor. */
export interface EditorAiContext {
  noteId: string | null;
  title: string;
  content: string;
  tags: string[];
  /** True while the editor itself is busy (saving); AI buttons must be disabled then. */
  loading: boolean;
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
}

/** What changes at every keystroke, read only by the content field (so the tabs around it skip the render). */
const LiveContent = createContext<{ content: string; tooLongMessage: string | null }>({
  content: '',
  tooLongMessage: null,
});

interface ContentFieldProps {
  onChange(value: string): void;
  onPaste(event: ClipboardEvent<HTMLTextAreaElement>): void;
  onDragOver(event: DragEvent<HTMLTextAreaElement>): void;
  onDrop(event: DragEvent<HTMLTextAreaElement>): void;
  onPickFiles(): void;
  onFiles(files: File[]): void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  fileInput: RefObject<HTMLInputElement | null>;
}

/** The side-by-side preview: the same renderer as the Preview tab and the viewer. */
const renderPreview = (markdown: string) => <MarkdownView markdown={markdown} />;

function ContentField(props: ContentFieldProps) {
  const { content, tooLongMessage } = use(LiveContent);
  return (
    <Field.Root invalid={tooLongMessage !== null}>
      <Field.Label>Content</Field.Label>
      <MarkdownEditor
        ariaLabel="Content"
        name="content"
        rows={12}
        minHeight={300}
        fillHeight
        renderPreview={renderPreview}
        value={content}
        onChange={props.onChange}
        onPaste={props.onPaste}
        onDragOver={props.onDragOver}
        onDrop={props.onDrop}
        onPickFiles={props.onPickFiles}
        textareaRef={props.textareaRef}
        placeholder="Write your note in markdown..."
      />
      <WikiLinkSuggestions textareaRef={props.textareaRef} />
      <Field.ErrorText role="alert">{tooLongMessage}</Field.ErrorText>
      <AttachFileInput inputRef={props.fileInput} onFiles={props.onFiles} />
    </Field.Root>
  );
}

function DisabledAiButtons() {
  return (
    <>
      <Button size="sm" variant="outline" disabled>
        Suggest Tags
      </Button>
      <Button size="sm" variant="outline" disabled>
        Extract Insights
      </Button>
    </>
  );
}

export function NoteEditor({ note, onDone, aiSlot, initialTitle }: NoteEditorProps) {
  const { settings } = useSettings();
  const [baseline, setBaseline] = useState(() => ({
    title: note?.title ?? initialTitle ?? '',
    content: note?.content ?? '',
    tagInput: note ? formatTags(note.tags) : '',
  }));
  const [title, setTitle] = useState(baseline.title);
  const [content, setContent] = useState(baseline.content);
  const [tagInput, setTagInput] = useState(baseline.tagInput);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [saving, setSaving] = useState(false);
  const [insights, setInsights] = useState<string[]>([]);
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const noteId = note?.id ?? null;
  const isNew = note === null;
  const openFilePicker = useCallback(() => fileInput.current?.click(), []);
  // The draft this editor opened with, while its notice shows.
  const [restored, setRestored] = useState<{ savedAt: string } | null>(null);
  const [draftChecked, setDraftChecked] = useState(false);

  const tags = parseTags(tagInput);
  const dirty = isEditorDirty(
    { title, content, tagInput },
    note ? { title: baseline.title, content: baseline.content, tags: parseTags(baseline.tagInput) } : null,
  );
  const draftStatus = useNoteDraft({ title, content, tagInput, noteId }, dirty, saving);

  // What the leave handlers (page hidden, unmount, sign-out) read: they run outside a render.
  const fieldsRef = useRef({ title, content, tagInput });
  fieldsRef.current = { title, content, tagInput };
  /** The text last saved as the note's version (or being saved): never saved twice. */
  const savedRef = useRef(baseline);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A draft of this note left by any way out of the editor (another route, a reload, a closed tab, a crash)
  // comes back into the fields, with a notice and Discard. One equal to the note is stale: removed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per note (the editor is keyed by note)
  useEffect(() => {
    let cancelled = false;
    const opened = fieldsRef.current;
    loadEditorDraft(noteId)
      .then((draft) => {
        if (cancelled || !draft) return;
        const differs = isEditorDirty(
          draft,
          note ? { title: opened.title, content: opened.content, tags: parseTags(opened.tagInput) } : null,
        );
        if (!differs) return deleteEditorDraft(noteId);
        // Typed into before the draft was read (a few milliseconds): the new typing wins.
        if (!isSameFields(fieldsRef.current, opened)) return;
        setTitle(draft.title);
        setContent(draft.content);
        setTagInput(draft.tagInput);
        setRestored({ savedAt: draft.savedAt });
      })
      .catch(() => {})
      .finally(() => {
        if (!cancelled) setDraftChecked(true);
      });
    return () => {
      cancelled = true;
    };
  }, [noteId]);

  // Settings › auto-save: an existing note is saved by itself this many seconds after it became dirty, and at
  // once when the editor is left or the page hidden (the owner chose automatic saves: the text is not left
  // behind as a draft only).
  const autoSave = settings.autoSaveInterval;
  const autoSaveRef = useRef(autoSave);
  autoSaveRef.current = autoSave;
  /** True when saved, false when it failed, null with nothing to save. */
  async function saveInPlace(): Promise<boolean | null> {
    const fields = fieldsRef.current;
    const previous = savedRef.current;
    if (!note || !canSaveNote(fields, false)) return null;
    if (!isEditorDirty(fields, { ...previous, tags: parseTags(previous.tagInput) })) return null;
    savedRef.current = fields;
    try {
      await persistence.flush();
      await updateNote(note.id, {
        title: fields.title,
        content: fields.content,
        tags: parseTags(fields.tagInput),
      });
    } catch {
      // Not saved: the draft (stored just before) still holds the text.
      savedRef.current = previous;
      return false;
    }
    if (mounted.current) setBaseline(fields);
    await deleteEditorDraftIfSaved(note.id, fields).catch(() => {});
    await clearDraft().catch(() => {});
    return true;
  }
  const persistence = useDraftPersistence({
    noteId,
    title,
    content,
    tagInput,
    dirty,
    ready: draftChecked,
    onLeave: () => {
      if (autoSaveRef.current > 0) void saveInPlace();
    },
  });
  // Sign-out stores the text first (and, with auto-save on, saves the note so the sync can push it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: saveInPlace reads refs only
  useEffect(
    () =>
      registerLogoutFlush(async () => {
        await persistence.flush();
        if (autoSaveRef.current > 0) await saveInPlace();
      }),
    [persistence],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart the countdown only when dirtiness changes
  useEffect(() => {
    if (!note || !dirty || saving || autoSave <= 0 || !canSaveNote({ title, content }, false)) return;
    const timer = setTimeout(() => void saveInPlace(), autoSave * 1000);
    return () => clearTimeout(timer);
  }, [dirty, autoSave, note?.id, title, content, tagInput]);

  function discardRestored() {
    setTitle(baseline.title);
    setContent(baseline.content);
    setTagInput(baseline.tagInput);
    setRestored(null);
    void deleteEditorDraft(noteId).catch(() => {});
  }

  const files = useFileInsertion({ textareaRef, setContent, store: storeLocally });

  const canSave = canSaveNote({ title, content }, saving);
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

  async function save(stay = false) {
    if (!canSave) return;
    setSaving(true);
    try {
      const saved = note
        ? await updateNote(note.id, { title, content, tags })
        : await createNote({ title, content, tags });
      // Saved and closing: nothing more is written, and the note's draft has served its purpose.
      persistence.close();
      await deleteEditorDraft(noteId).catch(() => {});
      await clearDraft().catch(() => {});
      toast(
        note
          ? { title: 'Note updated successfully', description: 'Your changes have been saved.' }
          : {
              title: 'Note created successfully',
              description: 'Your new note has been added to your collection.',
            },
      );
      onDone(saved, stay);
    } catch {
      toast(
        note
          ? {
              title: 'Failed to update note',
              description: 'There was an error updating your note. Please try again.',
              variant: 'destructive',
            }
          : {
              title: 'Failed to create note',
              description: 'There was an error creating your note. Please try again.',
              variant: 'destructive',
            },
      );
      setSaving(false);
    }
  }

  function cancel() {
    // Cancel is the owner discarding the changes on purpose.
    persistence.close();
    void deleteEditorDraft(noteId).catch(() => {});
    void clearDraft().catch(() => {});
    onDone(null);
  }

  // Typing must cost one frame with a long note (bench/editor-drafts.bench.mjs): a keystroke re-renders only
  // what shows the content (the editor box, its field, the form around it). Everything else is memoised on
  // what it really shows, and what follows the text as a whole (counts, AI helpers) reads it deferred.
  const handlers = useRef({ save, cancel, saveInPlace });
  handlers.current = { save, cancel, saveInPlace };
  useSaveShortcut(
    () =>
      void saveAndStay({
        isNew,
        saveInPlace: () => handlers.current.saveInPlace(),
        createAndStay: () => handlers.current.save(true),
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
      addTags: (suggested) => {
        const merged = mergeTags(deferredTags, suggested);
        if (merged.length > deferredTags.length) setTagInput(formatTags(merged));
      },
      setInsights,
    }),
    [noteId, title, countedContent, deferredTags, saving],
  );

  const header = useMemo(
    () => (
      <Flex justify="space-between" align="center" mb="3" gap="2" wrap="wrap">
        <Text as="h2" fontSize="xl" fontWeight="semibold">
          {isNew ? 'New Note' : 'Edit Note'}
        </Text>
        <Text fontSize="sm" color={dirty ? 'orange.fg' : 'fg.muted'} data-testid="editor-header-status">
          {editorHeaderText(dirty, isNew)}
        </Text>
      </Flex>
    ),
    [dirty, isNew],
  );
  const tabList = useMemo(
    () => (
      <Tabs.List>
        <Tabs.Trigger value="edit">Edit</Tabs.Trigger>
        <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
      </Tabs.List>
    ),
    [],
  );
  const titleField = useMemo(
    () => (
      <Field.Root>
        <Field.Label>Title</Field.Label>
        <Input
          name="title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="Note title"
        />
      </Field.Root>
    ),
    [title],
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
    [openFilePicker],
  );
  const liveContent = useMemo(() => ({ content, tooLongMessage }), [content, tooLongMessage]);
  const tagsField = useMemo(
    () => (
      <Field.Root>
        <Field.Label>Tags (comma separated)</Field.Label>
        <Input
          name="tags"
          value={tagInput}
          onChange={(event) => setTagInput(event.target.value)}
          placeholder="ideas, work"
        />
      </Field.Root>
    ),
    [tagInput],
  );
  // The preview renders the whole note: only while it is shown (its tab mounts lazily, unmounts on exit).
  const previewed = tab === 'preview' ? content : null;
  const previewTab = useMemo(
    () => (
      <Tabs.Content value="preview">
        <Box minH="300px" data-testid="editor-preview">
          {previewed?.trim() ? (
            <MarkdownView markdown={previewed} />
          ) : (
            <Text color="fg.muted">Nothing to preview</Text>
          )}
        </Box>
      </Tabs.Content>
    ),
    [previewed],
  );
  const tabs = useMemo(
    () => (
      <Tabs.Root
        value={tab}
        onValueChange={(event) => setTab(event.value as 'edit' | 'preview')}
        variant="line"
        lazyMount
        unmountOnExit
      >
        {tabList}
        <Tabs.Content value="edit">
          <Stack gap="4">
            {titleField}
            {contentField}
            {tagsField}
          </Stack>
        </Tabs.Content>
        {previewTab}
      </Tabs.Root>
    ),
    [tab, tabList, titleField, contentField, tagsField, previewTab],
  );
  const countsRow = useMemo(
    () => (
      <HStack gap="4" mt="3" fontSize="sm" color="fg.muted" wrap="wrap" data-testid="editor-counts">
        <Text>{counts.words} words</Text>
        <Text>{counts.characters} characters</Text>
        <Text>{counts.minutes} min read</Text>
        <Text data-testid="draft-status">{draftStatusText(draftStatus, dirty)}</Text>
      </HStack>
    ),
    [counts, draftStatus, dirty],
  );
  const insightsBox = useMemo(
    () =>
      insights.length > 0 ? (
        <Box mt="3" p="3" borderWidth="1px" borderRadius="md" data-testid="editor-insights">
          <Text fontWeight="semibold" mb="1">
            Insights
          </Text>
          <Stack as="ul" gap="1" pl="4" css={{ listStyle: 'disc' }}>
            {insights.map((insight, index) => (
              <li key={index}>{insight}</li>
            ))}
          </Stack>
        </Box>
      ) : null,
    [insights],
  );
  const aiFeatures = settings.aiFeatures;
  const footer = useMemo(
    () => (
      <Flex justify="space-between" align="center" mt="4" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" data-testid="editor-footer-status">
          {editorFooterText(dirty)}
        </Text>
        <HStack gap="2" wrap="wrap">
          {aiFeatures ? aiSlot ? aiSlot(aiContext) : <DisabledAiButtons /> : null}
          <Button variant="outline" onClick={() => handlers.current.cancel()}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="blue" disabled={!canSave} loading={saving}>
            Save
          </Button>
        </HStack>
      </Flex>
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
      {header}
      {restored ? (
        <Flex
          role="status"
          align="center"
          justify="space-between"
          gap="3"
          wrap="wrap"
          mb="3"
          p="3"
          borderWidth="1px"
          borderRadius="md"
          bg="blue.subtle"
          data-testid="restored-draft"
        >
          <Text fontSize="sm">{restoredDraftText(new Date(restored.savedAt), new Date())}</Text>
          <Button size="sm" variant="outline" onClick={discardRestored}>
            Discard
          </Button>
        </Flex>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handlers.current.save();
        }}
      >
        <LiveContent value={liveContent}>{tabs}</LiveContent>
        {countsRow}
        {insightsBox}
        {footer}
      </form>
    </Box>
  );
}

function isSameFields(
  a: { title: string; content: string; tagInput: string },
  b: { title: string; content: string; tagInput: string },
): boolean {
  return a.title === b.title && a.content === b.content && a.tagInput === b.tagInput;
}
