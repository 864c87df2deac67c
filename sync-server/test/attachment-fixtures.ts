// Test fixtures for attachments: real image bytes made with sharp (one with GPS EXIF tags), hashing, uploads.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ApiResponse, TestServer } from './helpers.ts';

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A JPEG photo carrying a GPS position and a camera serial in its EXIF, as phones write them. */
export async function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'T-1000', Copyright: 'owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2646/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3954/100',
      },
    })
    .toBuffer();
}

export async function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** PUT the bytes to their hash (or to `sha256` when given, to test a mismatch). */
export async function upload(
  s: TestServer,
  cookie: string | undefined,
  bytes: Uint8Array,
  options: { name?: string; sha256?: string } = {},
): Promise<ApiResponse> {
  const sha = options.sha256 ?? sha256Of(bytes);
  const res = await fetch(
    `${s.url}/api/attachments/${sha}${options.name ? `?name=${encodeURIComponent(options.name)}` : ''}`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', ...(cookie ? { cookie } : {}) },
      body: bytes,
    },
  );
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, body: isJson && text ? JSON.parse(text) : text, headers: res.headers };
}

export async function getBytes(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
