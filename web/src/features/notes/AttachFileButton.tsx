// The editor toolbar's file button: opens the file picker; the chosen files go in at the cursor.
import { IconButton } from '@chakra-ui/react';
import { type RefObject, useRef } from 'react';
import { PaperclipIcon } from './note-icons.tsx';

export const ATTACH_FILE_LABEL = 'Insert Image or File';

export function AttachFileButton({ onFiles, accept }: { onFiles(files: File[]): void; accept?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <IconButton
        aria-label={ATTACH_FILE_LABEL}
        title={ATTACH_FILE_LABEL}
        size="sm"
        variant="ghost"
        onClick={() => input.current?.click()}
      >
        <PaperclipIcon />
      </IconButton>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept}
        aria-label={ATTACH_FILE_LABEL}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}

/** The hidden file input alone, for a toolbar that draws its own button (the markdown editor's). */
export function AttachFileInput({
  inputRef,
  onFiles,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onFiles(files: File[]): void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      multiple
      hidden
      aria-label={ATTACH_FILE_LABEL}
      onChange={(event) => {
        const files = [...(event.target.files ?? [])];
        event.target.value = '';
        onFiles(files);
      }}
    />
  );
}
