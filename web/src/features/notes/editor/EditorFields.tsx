// The editor's fields: Edit / Preview tabs with the title, the markdown content (with its toolbar, [[link]]
// suggestions and file input) and the comma-separated tags. Typing must cost one frame with a long note
// (bench/editor-drafts.bench.mjs): the text reaches only the content field, through a context under memoised
// tabs, so a keystroke does not render the tabs' state machine or the other fields again.
import { Box, Field, Input, Stack, Tabs, Text } from '@chakra-ui/react';
import {
  type ClipboardEvent,
  createContext,
  type DragEvent,
  type ReactNode,
  type RefObject,
  use,
  useMemo,
  useState,
} from 'react';
import { WikiLinkSuggestions } from '../../links/WikiLinkSuggestions.tsx';
import { AttachFileInput } from '../AttachFileButton.tsx';
import { MarkdownEditor } from '../MarkdownEditor.tsx';
import { MarkdownView } from '../MarkdownView.tsx';

/** What changes at every keystroke, read only by the content field. */
export const LiveContent = createContext<{ content: string; tooLongMessage: string | null }>({
  content: '',
  tooLongMessage: null,
});

export interface ContentFieldProps {
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

export function ContentField(props: ContentFieldProps) {
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

interface EditorTabsProps {
  title: string;
  setTitle(value: string): void;
  tagInput: string;
  setTagInput(value: string): void;
  /** The content field, memoised by the editor (it reads the text from LiveContent). */
  contentField: ReactNode;
  /** The note's text, read only while the Preview tab shows. */
  content: string;
}

const tabList = (
  <Tabs.List>
    <Tabs.Trigger value="edit">Edit</Tabs.Trigger>
    <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
  </Tabs.List>
);

export function EditorTabs({
  title,
  setTitle,
  tagInput,
  setTagInput,
  contentField,
  content,
}: EditorTabsProps) {
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
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
    [title, setTitle],
  );
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
    [tagInput, setTagInput],
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
  return useMemo(
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
    [tab, titleField, contentField, tagsField, previewTab],
  );
}
