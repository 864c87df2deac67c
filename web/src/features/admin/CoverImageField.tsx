// An uploaded image field: the post dialog's cover image, Settings › Site's icon. Upload an image (sent to
// the server at once), see it, replace or remove it. Only raster images are taken (the server would serve
// anything else as a download, not as a picture).
import { Button, Field, HStack, Image } from '@chakra-ui/react';
import { isInlineImage, SNIFF_BYTES, sniffMime } from '@private-notes/shared';
import { useRef, useState } from 'react';
import { uploadAttachment } from './upload-attachment.ts';

export const COVER_IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp,image/avif';
export const NOT_AN_IMAGE = 'Choose a PNG, JPEG, GIF, WebP or AVIF image for the cover.';

interface Props {
  value: string;
  onChange(url: string): void;
  /** What the image is ('Cover image', 'Site icon'): the field's label and its buttons' words. */
  label?: string;
  notAnImage?: string;
  helper?: string;
}

export function CoverImageField({
  value,
  onChange,
  label = 'Cover image',
  notAnImage = NOT_AN_IMAGE,
  helper,
}: Props) {
  const noun = label.toLowerCase();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setError(null);
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    if (!isInlineImage(sniffMime(head))) {
      setError(notAnImage);
      return;
    }
    setUploading(true);
    try {
      const attachment = await uploadAttachment(file);
      onChange(`/api/attachments/${attachment.sha256}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {value ? <Image src={value} alt={label} maxH="160px" borderRadius="md" objectFit="cover" /> : null}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" loading={uploading} onClick={() => input.current?.click()}>
          {value ? `Replace ${noun}` : `Upload ${noun}`}
        </Button>
        {value ? (
          <Button size="sm" variant="ghost" onClick={() => onChange('')}>
            Remove {noun}
          </Button>
        ) : null}
      </HStack>
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <input
        ref={input}
        type="file"
        hidden
        accept={COVER_IMAGE_TYPES}
        aria-label={`${label} file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
