// Settings › Site's image fields (the site icon, the author's picture): upload an image (sent to
// the server at once), see it, replace or remove it. Only raster images are taken (the server would serve
// anything else as a download, not as a picture).
import { Box, Button, Field, HStack } from '@chakra-ui/react';
import { API, type Attachment, AttachmentSchema, NETWORK_ERROR } from '@private-notes/shared';
import { useRef, useState } from 'react';
import { errorFromResponse } from '../../api/request.ts';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp,image/avif';

interface Props {
  value: string;
  onChange(url: string): void;
  /** What the image is ('Site icon', 'Author picture'): the field's label and its buttons' words. */
  label: string;
  notAnImage: string;
  helper?: string;
}

/**
 * PUT to the file's hash, as Blog Admin's upload-attachment.ts does but without its shared storage modules:
 * importing those here moved the bundler's runtime out of the public pages' entry (≈ 0.3 KB more on /blog).
 * The server enforces the size limit and quota.
 */
async function uploadImage(file: File, name: string): Promise<Attachment> {
  const bytes = await file.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const sha256 = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  let response: Response;
  try {
    response = await fetch(`${API.attachment(sha256)}?name=${encodeURIComponent(name)}`, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
      body: bytes,
    });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return AttachmentSchema.parse(await response.json());
}

export function SiteImageField({ value, onChange, label, notAnImage, helper }: Props) {
  const noun = label.toLowerCase();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setError(null);
    // The browser's type is enough here: the server reads the bytes, and an image it cannot decode is never
    // shown (the stock icon, or the author's initial, stays).
    if (!IMAGE_TYPES.split(',').includes(file.type)) {
      setError(notAnImage);
      return;
    }
    setUploading(true);
    try {
      const attachment = await uploadImage(file, label);
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
      {value ? (
        <Box asChild boxSize="96px" borderRadius="md" objectFit="cover">
          <img src={value} alt={label} />
        </Box>
      ) : null}
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
        accept={IMAGE_TYPES}
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
