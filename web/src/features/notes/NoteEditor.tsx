// The note editor: Edit / Preview tabs, title, content with a formatting toolbar, comma-separated tags, counts,
// the dirty and draft status texts, Save (disabled per SPEC section 5), and a slot for the AI helpers.
// Writes go to the local database only; the sync engine takes them from there.
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
} from '@private-notes/shared';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { storeAttachment } from '../../db/attachment-store.ts';
import { clearDraft, loadDraft } from '../../db/draft-store.ts';
import { createNote, updateNote } from '../../db/notes-store.ts';
import type { LocalNote } from '../../db/types.ts';
import { toast } from '../../ui/toast-store.ts';
import { useSettings } from '../settings/use-settings.ts';
import { AttachFileInput } from './AttachFileButton.tsx';
import { MarkdownEditor } from './MarkdownEditor.tsx';
import { MarkdownView } from './MarkdownView.tsx';
import { useFileInsertion } from './use-file-insertion.ts';
import { draftStatusText, useNoteDraft } from './use-note-draft.ts';
import { useSaveShortcut } from './use-save-shortcut.ts';

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
  onDone(saved: LocalNote | null): void;
  aiSlot?: (ctx: EditorAiContext) => ReactNode;
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

export function NoteEditor({ note, onDone, aiSlot }: NoteEditorProps) {
  const { settings } = useSettings();
  const [baseline, setBaseline] = useState(() => ({
    title: note?.title ?? '',
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

  // A draft left by a reload (or a crash) for this same note comes back into the fields.
  useEffect(() => {
    let cancelled = false;
    void loadDraft().then((draft) => {
      if (cancelled || !draft || draft.noteId !== noteId) return;
      setTitle(draft.title);
      setContent(draft.content);
      setTagInput(draft.tagInput);
    });
    return () => {
      cancelled = true;
    };
  }, [noteId]);

  const tags = parseTags(tagInput);
  const dirty = isEditorDirty(
    { title, content, tagInput },
    note ? { title: baseline.title, content: baseline.content, tags: parseTags(baseline.tagInput) } : null,
  );
  const draftStatus = useNoteDraft({ title, content, tagInput, noteId }, dirty, saving);

  // Settings › auto-save: an existing note is saved by itself this many seconds after it became dirty.
  const autoSave = settings.autoSaveInterval;
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart the countdown only when dirtiness changes
  useEffect(() => {
    if (!note || !dirty || saving || autoSave <= 0 || !canSaveNote({ title, content }, false)) return;
    const timer = setTimeout(() => {
      void updateNote(note.id, { title, content, tags })
        .then(() => {
          setBaseline({ title, content, tagInput });
          return clearDraft();
        })
        .catch(() => {});
    }, autoSave * 1000);
    return () => clearTimeout(timer);
  }, [dirty, autoSave, note?.id, title, content, tagInput]);

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

  async function save() {
    if (!canSave) return;
    setSaving(true);
    try {
      const saved = note
        ? await updateNote(note.id, { title, content, tags })
        : await createNote({ title, content, tags });
      await clearDraft().catch(() => {});
      toast(
        note
          ? { title: 'Note updated successfully', description: 'Your changes have been saved.' }
          : {
              title: 'Note created successfully',
              description: 'Your new note has been added to your collection.',
            },
      );
      onDone(saved);
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

  useSaveShortcut(() => void save());

  function cancel() {
    void clearDraft().catch(() => {});
    onDone(null);
  }

  const aiContext: EditorAiContext = {
    noteId,
    title,
    content,
    tags,
    loading: saving,
    addTags: (suggested) => {
      const merged = mergeTags(tags, suggested);
      if (merged.length > tags.length) setTagInput(formatTags(merged));
    },
    setInsights,
  };

  return (
    <Box
      as="section"
      aria-label={note ? 'Edit note' : 'New note'}
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: 3, md: 5 }}
      data-testid="note-editor"
    >
      <Flex justify="space-between" align="center" mb="3" gap="2" wrap="wrap">
        <Text as="h2" fontSize="xl" fontWeight="semibold">
          {note ? 'Edit Note' : 'New Note'}
        </Text>
        <Text fontSize="sm" color={dirty ? 'orange.fg' : 'fg.muted'} data-testid="editor-header-status">
          {editorHeaderText(dirty, !note)}
        </Text>
      </Flex>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Tabs.Root
          value={tab}
          onValueChange={(event) => setTab(event.value as 'edit' | 'preview')}
          variant="line"
          // The preview renders the whole note: only while it is shown, not at every keystroke.
          lazyMount
          unmountOnExit
        >
          <Tabs.List>
            <Tabs.Trigger value="edit">Edit</Tabs.Trigger>
            <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="edit">
            <Stack gap="4">
              <Field.Root>
                <Field.Label>Title</Field.Label>
                <Input
                  name="title"
                  value={title}
                  onChange={(event) => setTitle(event.target.value)}
                  placeholder="Note title"
                />
              </Field.Root>
              <Field.Root invalid={tooLongMessage !== null}>
                <Field.Label>Content</Field.Label>
                <MarkdownEditor
                  ariaLabel="Content"
                  name="content"
                  rows={12}
                  minHeight={300}
                  fillHeight
                  renderPreview={(markdown) => <MarkdownView markdown={markdown} />}
                  value={content}
                  onChange={setContent}
                  onPaste={files.onPaste}
                  onDragOver={files.onDragOver}
                  onDrop={files.onDrop}
                  onPickFiles={() => fileInput.current?.click()}
                  textareaRef={textareaRef}
                  placeholder="Write your note in markdown..."
                />
                <Field.ErrorText role="alert">{tooLongMessage}</Field.ErrorText>
                <AttachFileInput inputRef={fileInput} onFiles={(picked) => void files.insertFiles(picked)} />
              </Field.Root>
              <Field.Root>
                <Field.Label>Tags (comma separated)</Field.Label>
                <Input
                  name="tags"
                  value={tagInput}
                  onChange={(event) => setTagInput(event.target.value)}
                  placeholder="ideas, work"
                />
              </Field.Root>
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="preview">
            <Box minH="300px" data-testid="editor-preview">
              {content.trim() ? (
                <MarkdownView markdown={content} />
              ) : (
                <Text color="fg.muted">Nothing to preview</Text>
              )}
            </Box>
          </Tabs.Content>
        </Tabs.Root>

        <HStack gap="4" mt="3" fontSize="sm" color="fg.muted" wrap="wrap" data-testid="editor-counts">
          <Text>{counts.words} words</Text>
          <Text>{counts.characters} characters</Text>
          <Text>{counts.minutes} min read</Text>
          <Text data-testid="draft-status">{draftStatusText(draftStatus, dirty)}</Text>
        </HStack>

        {insights.length > 0 ? (
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
        ) : null}

        <Flex justify="space-between" align="center" mt="4" gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" data-testid="editor-footer-status">
            {editorFooterText(dirty)}
          </Text>
          <HStack gap="2" wrap="wrap">
            {settings.aiFeatures ? aiSlot ? aiSlot(aiContext) : <DisabledAiButtons /> : null}
            <Button variant="outline" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" colorPalette="blue" disabled={!canSave} loading={saving}>
              Save
            </Button>
          </HStack>
        </Flex>
      </form>
    </Box>
  );
}
