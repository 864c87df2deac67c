// The markdown editor of the note and post editors: @uiw/react-md-editor, loaded on first use only (it is
// about 130 KB gzip), so the notes list, the blog and everything else never carry it. Until it has loaded a
// plain textarea with the same label and value stands in, so typing never waits for the network; when the
// editor arrives it takes over the stand-in's focus and caret (see EditorHandOver), so typing carries on.
import { Textarea } from '@chakra-ui/react';
import {
  type ClipboardEvent,
  type DragEvent,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useLayoutEffect,
  useRef,
} from 'react';

/** Where the stand-in left off: the loaded editor focuses its own textarea and puts the caret there. */
export interface EditorHandOver {
  focused: boolean;
  selectionStart: number;
  selectionEnd: number;
  selectionDirection: 'forward' | 'backward' | 'none';
}

export interface MarkdownEditorProps {
  id?: string;
  name?: string;
  ariaLabel?: string;
  value: string;
  onChange(value: string): void;
  rows: number;
  minHeight: number;
  /** The box grows to fill the window's height (the note editor), never below minHeight. */
  fillHeight?: boolean;
  /** Renders the side-by-side preview (offered on wide screens); no preview toggle when absent. */
  renderPreview?(markdown: string): ReactNode;
  placeholder?: string;
  onPaste?(event: ClipboardEvent<HTMLTextAreaElement>): void;
  onDrop?(event: DragEvent<HTMLTextAreaElement>): void;
  onDragOver?(event: DragEvent<HTMLTextAreaElement>): void;
  /** Opens the file picker (the toolbar's file button); no button when absent. */
  onPickFiles?(): void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Set by MarkdownEditor: the stand-in writes it as it goes, the loaded editor reads it once. */
  handOver?: RefObject<EditorHandOver | null>;
}

/** The stand-in while the editor loads, and for good when it cannot (offline before it was ever cached). */
function PlainMarkdownEditor(props: MarkdownEditorProps) {
  const box = useRef<HTMLTextAreaElement | null>(null);
  const { handOver } = props;
  // Runs as React removes the stand-in (before the loaded editor's layout effect, in the same commit), while
  // the box is still in the document: its focus and caret are what the owner is typing into right now.
  useLayoutEffect(
    () => () => {
      const element = box.current;
      if (!handOver || !element) return;
      handOver.current = {
        focused: document.activeElement === element,
        selectionStart: element.selectionStart,
        selectionEnd: element.selectionEnd,
        selectionDirection: element.selectionDirection,
      };
    },
    [handOver],
  );
  return (
    <Textarea
      ref={(element) => {
        box.current = element;
        props.textareaRef.current = element;
      }}
      id={props.id}
      name={props.name}
      aria-label={props.ariaLabel}
      rows={props.rows}
      minH={`${props.minHeight}px`}
      fontFamily="mono"
      value={props.value}
      placeholder={props.placeholder}
      onChange={(event) => props.onChange(event.target.value)}
      onPaste={props.onPaste}
      onDrop={props.onDrop}
      onDragOver={props.onDragOver}
    />
  );
}

// A failed load (no connection, chunk not cached yet) must not take the editor down with it: the note can
// still be written in the plain textarea, and the next visit loads the full editor.
const MarkdownEditorImpl = lazy(() =>
  import('./MarkdownEditorImpl.tsx').catch(() => ({ default: PlainMarkdownEditor })),
);

export function MarkdownEditor(props: MarkdownEditorProps) {
  const handOver = useRef<EditorHandOver | null>(null);
  return (
    <Suspense fallback={<PlainMarkdownEditor {...props} handOver={handOver} />}>
      <MarkdownEditorImpl {...props} handOver={handOver} />
    </Suspense>
  );
}
