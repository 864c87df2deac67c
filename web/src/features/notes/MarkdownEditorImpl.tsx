// @uiw/react-md-editor as the owner's markdown editor (loaded lazily, with the editor only: see
// MarkdownEditor.tsx). Its toolbar carries the spec's five commands, which insert at the cursor through the
// shared insertMarkdown rule, the file button and, on wide screens, a side-by-side preview toggle. The
// preview is the caller's (the app's own renderer), so a note looks the same there, in the viewer and on
// the blog. The keys (list continuation, Tab in lists, Ctrl/Cmd+B/I/K) come from useMarkdownKeys.
import { insertMarkdown, type MarkdownAction } from '@private-notes/shared';
import MDEditor, { type ICommand, type RefMDEditor } from '@uiw/react-md-editor/nohighlight';
import '@uiw/react-md-editor/markdown-editor.css';
import { type ReactElement, type ReactNode, useDeferredValue, useId, useLayoutEffect, useRef } from 'react';
import { useTheme } from '../../theme/use-theme.ts';
import { Svg } from '../../ui/icons.tsx';
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
import { MARKDOWN_KEYS_HELP, useMarkdownKeys } from './use-markdown-keys.ts';
import { SIDE_BY_SIDE_LABEL, useSideBySide } from './use-side-by-side.ts';

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

/** Two panes: the side-by-side preview toggle. */
const SideBySideIcon = () => (
  <Svg width="1em" height="1em">
    <path d="M3 4h18v16H3zM12 4v16" />
  </Svg>
);

/** The side-by-side preview renders a keystroke behind on long notes rather than slow the typing. */
function LivePreview({ markdown, render }: { markdown: string; render(markdown: string): ReactNode }) {
  const deferred = useDeferredValue(markdown);
  return (
    <div data-testid="editor-live-preview" style={{ padding: '8px 12px' }}>
      {render(deferred)}
    </div>
  );
}

// Read by screen readers, not shown (a plain style: the editor's chunk does not need Chakra's for it).
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

// The box fills the window below the fields above it (the phone keyboard shrinks 100dvh, see __root.tsx),
// never lower than the spec's minimum.
const fillHeight = (minHeight: number) =>
  `max(${minHeight}px, calc(100dvh - var(--pn-editor-offset, 15rem)))`;

export default function MarkdownEditorImpl(props: MarkdownEditorProps) {
  const { theme } = useTheme();
  const dark =
    theme === 'dark' ||
    (theme === 'system' &&
      typeof matchMedia === 'function' &&
      matchMedia('(prefers-color-scheme: dark)').matches);
  const editor = useRef<RefMDEditor>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const sideBySide = useSideBySide();
  const { renderPreview } = props;
  const live = renderPreview !== undefined && sideBySide.on;
  useMarkdownKeys(wrapper);
  // Typed into the stand-in while this loaded: same focus and caret here, in the commit that swaps them, so
  // no keystroke falls between the two boxes (the text itself is already in props.value).
  useLayoutEffect(() => {
    const handOver = props.handOver?.current;
    const textarea = wrapper.current?.querySelector('textarea');
    if (!props.handOver || !handOver || !textarea) return;
    props.handOver.current = null;
    if (handOver.focused) textarea.focus();
    textarea.setSelectionRange(handOver.selectionStart, handOver.selectionEnd, handOver.selectionDirection);
  }, [props.handOver]);
  // The editors insert files at the cursor: they read it from the textarea the markdown editor renders. Set
  // in the commit that swaps the stand-in for this editor (the stand-in's ref is cleared in that commit): a
  // passive effect would leave the ref empty until after the next paint, and a file dropped meanwhile would
  // go to the end of the note instead of the cursor.
  useLayoutEffect(() => {
    props.textareaRef.current =
      editor.current?.textarea ?? wrapper.current?.querySelector('textarea') ?? null;
  });
  const attach: ICommand = {
    name: 'attach',
    keyCommand: 'attach',
    icon: <PaperclipIcon />,
    buttonProps: { 'aria-label': ATTACH_FILE_LABEL, title: ATTACH_FILE_LABEL },
    execute: () => props.onPickFiles?.(),
  };
  const sideBySideToggle: ICommand = {
    name: 'side-by-side',
    keyCommand: 'side-by-side',
    icon: <SideBySideIcon />,
    buttonProps: {
      'aria-label': SIDE_BY_SIDE_LABEL,
      title: SIDE_BY_SIDE_LABEL,
      'aria-pressed': sideBySide.on,
    },
    execute: () => sideBySide.toggle(),
  };
  return (
    <div
      ref={wrapper}
      data-color-mode={dark ? 'dark' : 'light'}
      className="pn-markdown-editor"
      // Room left for the fields above the box: the editor's heading, tabs and title are taller on a desktop.
      style={{ width: '100%', ['--pn-editor-offset' as string]: sideBySide.available ? '18rem' : '15rem' }}
    >
      <MDEditor
        ref={editor}
        value={props.value}
        onChange={(value) => props.onChange(value ?? '')}
        preview={live ? 'live' : 'edit'}
        height={props.fillHeight ? fillHeight(props.minHeight) : props.minHeight}
        minHeight={props.minHeight}
        visibleDragbar={false}
        // Tab moves focus as everywhere else; useMarkdownKeys keeps it in the text inside lists.
        defaultTabEnable
        commands={[
          ...FORMATS.map((f) => formatCommand(f.format, f.label, f.icon)),
          ...(props.onPickFiles ? [attach] : []),
        ]}
        extraCommands={renderPreview && sideBySide.available ? [sideBySideToggle] : []}
        components={
          renderPreview
            ? { preview: (source) => <LivePreview markdown={source} render={renderPreview} /> }
            : {}
        }
        textareaProps={{
          id: props.id,
          name: props.name,
          rows: props.rows,
          placeholder: props.placeholder,
          'aria-label': props.ariaLabel,
          'aria-describedby': helpId,
          onPaste: props.onPaste,
          onDrop: props.onDrop,
          onDragOver: props.onDragOver,
        }}
      />
      <span id={helpId} style={VISUALLY_HIDDEN}>
        {MARKDOWN_KEYS_HELP}
      </span>
    </div>
  );
}
