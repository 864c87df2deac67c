// The create / edit post dialog: Title, Excerpt, Content (markdown, 10 rows, with a rendered Preview tab),
// 'Tags (comma separated)'; 'Create Post' or 'Save Changes'. A refused save keeps the dialog open and shows
// the server's reason under the field it names (or above the buttons when it names none).
import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Input,
  Portal,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  type BlogPost,
  POST_SEO_DESCRIPTION_MAX,
  POST_SLUG_MAX,
  readingTime,
  slugify,
} from '@private-notes/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { AttachFileInput } from '../notes/AttachFileButton.tsx';
import { MarkdownEditor } from '../notes/MarkdownEditor.tsx';
import { MarkdownView } from '../notes/MarkdownView.tsx';
import { useFileInsertion } from '../notes/use-file-insertion.ts';
import { CoverImageField } from './CoverImageField.tsx';
import { type PostFormField, type PostFormValues, postFieldError, postFormValues } from './post-form.ts';
import { uploadAttachment } from './upload-attachment.ts';

interface Props {
  open: boolean;
  /** The post being edited; null creates a new one. The parent keys the dialog by it, so fields reset. */
  post: BlogPost | null;
  saving: boolean;
  onClose(): void;
  /** Rejects with the server's error when the save is refused. */
  onSave(values: PostFormValues): Promise<unknown>;
}

export function PostEditorDialog({ open, post, saving, onClose, onSave }: Props) {
  const [values, setValues] = useState<PostFormValues>(() => postFormValues(post));
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [fieldError, setFieldError] = useState<{ field: PostFormField; text: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formId = useId();
  const contentRef = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const files = useFileInsertion({
    textareaRef: contentRef,
    setContent: (update) => setValues((current) => ({ ...current, content: update(current.content) })),
    store: uploadAttachment,
  });

  const set = (field: keyof PostFormValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (fieldError && (fieldError.field === field || (field === 'tagsText' && fieldError.field === 'tags'))) {
      setFieldError(null);
    }
  };
  const errorFor = (field: PostFormField) => (fieldError?.field === field ? fieldError.text : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    try {
      await onSave(values);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const mapped = postFieldError(message);
      if (mapped) setFieldError(mapped);
      else setFormError(message);
    }
  };

  return (
    <Dialog.Root
      open={open}
      size="xl"
      scrollBehavior="inside"
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{post ? 'Edit Blog Post' : 'Create New Blog Post'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={formId} onSubmit={submit} noValidate>
                <Stack gap="4">
                  <Field.Root invalid={Boolean(errorFor('title'))}>
                    <Field.Label>Title</Field.Label>
                    <Input value={values.title} onChange={set('title')} />
                    <Field.ErrorText>{errorFor('title')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errorFor('excerpt'))}>
                    <Field.Label>Excerpt</Field.Label>
                    <Textarea rows={2} value={values.excerpt} onChange={set('excerpt')} />
                    <Field.ErrorText>{errorFor('excerpt')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errorFor('content'))}>
                    <Field.Label>Content</Field.Label>
                    <Tabs.Root
                      value={tab}
                      onValueChange={(details) => setTab(details.value === 'preview' ? 'preview' : 'edit')}
                      variant="line"
                      size="sm"
                      width="full"
                      lazyMount
                    >
                      <Tabs.List>
                        <Tabs.Trigger value="edit">Edit</Tabs.Trigger>
                        <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
                      </Tabs.List>
                      <Tabs.Content value="edit">
                        <MarkdownEditor
                          ariaLabel="Content"
                          rows={10}
                          minHeight={240}
                          placeholder="Write your post in markdown..."
                          value={values.content}
                          onChange={(content) => set('content')({ target: { value: content } })}
                          onPaste={files.onPaste}
                          onDragOver={files.onDragOver}
                          onDrop={files.onDrop}
                          onPickFiles={() => fileInput.current?.click()}
                          textareaRef={contentRef}
                        />
                        <AttachFileInput
                          inputRef={fileInput}
                          onFiles={(picked) => void files.insertFiles(picked)}
                        />
                      </Tabs.Content>
                      <Tabs.Content value="preview">
                        <Stack
                          minH="220px"
                          borderWidth="1px"
                          borderRadius="md"
                          p="4"
                          data-testid="post-preview"
                        >
                          {values.content.trim() ? (
                            <MarkdownView markdown={values.content} />
                          ) : (
                            <Text color="fg.muted">Nothing to preview yet.</Text>
                          )}
                        </Stack>
                      </Tabs.Content>
                    </Tabs.Root>
                    <Field.HelperText>{readingTime(values.content)} min read</Field.HelperText>
                    <Field.ErrorText>{errorFor('content')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errorFor('tags'))}>
                    <Field.Label>Tags (comma separated)</Field.Label>
                    <Input
                      value={values.tagsText}
                      onChange={set('tagsText')}
                      placeholder="knowledge, productivity"
                    />
                    <Field.ErrorText>{errorFor('tags')}</Field.ErrorText>
                  </Field.Root>
                  <CoverImageField
                    value={values.imageUrl}
                    onChange={(imageUrl) => setValues((current) => ({ ...current, imageUrl }))}
                  />
                  <Field.Root invalid={Boolean(errorFor('seoDescription'))}>
                    <Field.Label>SEO description</Field.Label>
                    <Textarea
                      rows={2}
                      value={values.seoDescription}
                      onChange={set('seoDescription')}
                      maxLength={POST_SEO_DESCRIPTION_MAX}
                    />
                    {errorFor('seoDescription') ? (
                      <Field.ErrorText>{errorFor('seoDescription')}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>
                        What search engines and link previews show ({values.seoDescription.trim().length}/160
                        shown). Empty: the excerpt is used.
                      </Field.HelperText>
                    )}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errorFor('slug'))}>
                    <Field.Label>Slug</Field.Label>
                    <Input
                      value={values.slug}
                      onChange={set('slug')}
                      maxLength={POST_SLUG_MAX}
                      placeholder={slugify(values.title) || 'from-the-title'}
                      spellCheck={false}
                      autoCapitalize="off"
                    />
                    {errorFor('slug') ? (
                      <Field.ErrorText>{errorFor('slug')}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>
                        The post's address. Empty: made from the title. Once published it stays as it is when
                        the title changes; older addresses lead to the current one.
                      </Field.HelperText>
                    )}
                  </Field.Root>
                  {post?.published ? null : (
                    <Field.Root invalid={Boolean(errorFor('publishAt'))}>
                      <Field.Label>Publish at</Field.Label>
                      <Input
                        type="datetime-local"
                        step={1}
                        value={values.publishAt}
                        onChange={set('publishAt')}
                      />
                      {errorFor('publishAt') ? (
                        <Field.ErrorText>{errorFor('publishAt')}</Field.ErrorText>
                      ) : (
                        <Field.HelperText>
                          Optional. The post stays a draft until this time, then the server publishes it.
                          Empty: publish it yourself.
                        </Field.HelperText>
                      )}
                    </Field.Root>
                  )}
                  {post?.published || post?.newsletter ? null : (
                    <Checkbox.Root
                      checked={values.sendNewsletter && Boolean(values.publishAt)}
                      disabled={!values.publishAt}
                      onCheckedChange={(details) =>
                        setValues((current) => ({ ...current, sendNewsletter: details.checked === true }))
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        Send the newsletter when it is published
                        <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
                          {values.publishAt
                            ? 'Once, to the subscribers confirmed at that time.'
                            : 'Set a publication time first.'}
                        </Text>
                      </Checkbox.Label>
                    </Checkbox.Root>
                  )}
                  {formError ? (
                    <Alert.Root status="error">
                      <Alert.Indicator />
                      <Alert.Title>{formError}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" form={formId} loading={saving}>
                {post ? 'Save Changes' : 'Create Post'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
