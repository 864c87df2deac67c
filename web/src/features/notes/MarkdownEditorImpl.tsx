// @uiw/react-md-editor as the owner's markdown editor (loaded lazily, with the editor only: see
// MarkdownEditor.tsx). Its toolbar carries the spec's five commands, which insert at the cursor through the
// shared insertMarkdown rule, and the file button; its own preview is off (the Preview tab uses the app's
// renderer, so a note looks the same there, in the viewer and on the blog).
import { insertMarkdown, type MarkdownAction } from '@private-notes/shared';
import MDEditor, { type ICommand, type RefMDEditor } from '@uiw/react-md-editor/nohighlight';
import '@uiw/react-md-editor/markdown-editor.css';
import { type ReactElement, useEffect, useLayoutEffect, useRef } from 'react';
import { useTheme } from '../../theme/use-theme.ts';
import { ATTACH_FILE_LABEL } from './AttachFileButton.tsx';
import type { MarkdownEditorProps } from './MarkdownEditor.tsx';
import {
  BoldIcon,
  BulletListIcon,
  HeadingIcon,
  ItalicIcon,
  NumberedListIcon,
  PaperclipIcon,
} from './note-icons.tsx';

const FORMATS: Array<{ format: MarkdownAction; label: string; icon: ReactElement }> = [
  { format: 'bold', label: 'Bold', icon: <BoldIcon /> },
  { format: 'italic', label: 'Italic', icon: <ItalicIcon /> },
  { format: 'heading', label: 'Heading', icon: <HeadingIcon /> },
  { format: 'bullet-list', label: 'Bullet List', icon: <BulletListIcon /> },
  { format: 'numbered-list', label: 'Numbered List', icon: <NumberedListIcon /> },
];

function formatCommand(format: MarkdownAction, label: string, icon: ReactElement): ICommand {
  return {
    name: format,
    keyCommand: format,
    icon,
    buttonProps: { 'aria-label': label, title: label },
    execute(state, api) {
      const edit = insertMarkdown(state.text, state.selection.start, state.selection.end, format);
      // Replace the whole text through the editor's API, so its undo history and onChange see one edit.
      api.setSelectionRange({ start: 0, end: state.text.length });
      api.replaceSelection(edit.value);
      api.setSelectionRange({ start: edit.selectionStart, end: edit.selectionEnd });
    },
  };
}

export default function MarkdownEditorImpl(props: MarkdownEditorProps) {
  const { theme } = useTheme();
  const dark =
    theme === 'dark' ||
    (theme === 'system' &&
      typeof matchMedia === 'function' &&
      matchMedia('(prefers-color-scheme: dark)').matches);
  const editor = useRef<RefMDEditor>(null);
  const frame = useRef<HTMLDivElement>(null);
  // Typed into the stand-in while this loaded: same focus and caret here, in the commit that swaps them, so
  // no keystroke falls between the two boxes (the text itself is already in props.value).
  useLayoutEffect(() => {
    const handOver = props.handOver?.current;
    const textarea = frame.current?.querySelector('textarea');
    if (!props.handOver || !handOver || !textarea) return;
    props.handOver.current = null;
    if (handOver.focused) textarea.focus();
    textarea.setSelectionRange(handOver.selectionStart, handOver.selectionEnd, handOver.selectionDirection);
  }, [props.handOver]);
  // The editors insert files at the cursor: they read it from the textarea the markdown editor renders.
  useEffect(() => {
    props.textareaRef.current = editor.current?.textarea ?? null;
  });
  const attach: ICommand = {
    name: 'attach',
    keyCommand: 'attach',
    icon: <PaperclipIcon />,
    buttonProps: { 'aria-label': ATTACH_FILE_LABEL, title: ATTACH_FILE_LABEL },
    execute: () => props.onPickFiles?.(),
  };
  return (
    <div ref={frame} data-color-mode={dark ? 'dark' : 'light'} style={{ width: '100%' }}>
      <MDEditor
        ref={editor}
        value={props.value}
        onChange={(value) => props.onChange(value ?? '')}
        preview="edit"
        height={props.minHeight}
        minHeight={props.minHeight}
        visibleDragbar={false}
        commands={[
          ...FORMATS.map((f) => formatCommand(f.format, f.label, f.icon)),
          ...(props.onPickFiles ? [attach] : []),
        ]}
        extraCommands={[]}
        textareaProps={{
          id: props.id,
          name: props.name,
          rows: props.rows,
          placeholder: props.placeholder,
          'aria-label': props.ariaLabel,
          onPaste: props.onPaste,
          onDrop: props.onDrop,
          onDragOver: props.onDragOver,
        }}
      />
    </div>
  );
}
