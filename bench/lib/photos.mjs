// Photo-like test images for the benchmarks, and their upload as the owner's attachments.
import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** A 2400×1600 photo-like JPEG (gradients and grain, so the encoders have real work), with GPS EXIF. */
export async function photo(seed) {
  const width = 2400;
  const height = 1600;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 7919 + 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const grain = (state >> 16) % 24;
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + grain + seed * 40) & 255;
      raw[i + 1] = ((y * 255) / height + grain) & 255;
      raw[i + 2] = (((x + y) * 128) / (width + height) + grain * 2) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
}

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** Uploads `count` photos as the owner (PUT /api/attachments/{sha}); resolves with their hashes. */
export async function uploadPhotos(url, cookie, count) {
  const hashes = [];
  for (let i = 0; i < count; i++) {
    const bytes = await photo(i);
    const hash = sha256(bytes);
    const put = await fetch(`${url}/api/attachments/${hash}?name=photo-${i}.jpg`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    if (put.status !== 201) throw new Error(`upload answered ${put.status}`);
    hashes.push(hash);
  }
  return hashes;
}
