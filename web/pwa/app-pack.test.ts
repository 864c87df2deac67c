import { describe, expect, it } from 'vitest';
import { APP_PACK_FILE, decodeAppPack, encodeAppPack, type PackedFile } from './app-pack.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const files: PackedFile[] = [
  {
    url: 'assets/entry-client-1a2b3c.js',
    type: 'text/javascript; charset=utf-8',
    bytes: bytes('console.log("é 字");'),
  },
  { url: 'favicon.svg', type: 'image/svg+xml', bytes: bytes('<svg/>') },
  { url: 'icons/empty.png', type: 'image/png', bytes: new Uint8Array(0) },
  {
    url: 'assets/binary.woff2',
    type: 'font/woff2',
    bytes: Uint8Array.from({ length: 300 }, (_, i) => i % 256),
  },
];

/** The pack as the worker's fetch gives it: an ArrayBuffer of its own. */
const asBuffer = (pack: Uint8Array) => pack.slice().buffer;

describe('the app pack', () => {
  it('gives back every file, its type and its exact bytes', () => {
    const decoded = decodeAppPack(asBuffer(encodeAppPack(files)));
    expect([...decoded.keys()]).toEqual(files.map((file) => file.url));
    for (const file of files) {
      const found = decoded.get(file.url)!;
      expect(found.type).toBe(file.type);
      expect([...found.bytes]).toEqual([...file.bytes]);
    }
  });

  it('refuses a pack cut short, one with bytes left over, and what is not a pack', () => {
    const pack = encodeAppPack(files);
    expect(() => decodeAppPack(asBuffer(pack.subarray(0, pack.length - 1)))).toThrow(/cut short/);
    expect(() => decodeAppPack(asBuffer(pack.subarray(0, 14)))).toThrow(/cut short \(its index\)/);
    const longer = new Uint8Array(pack.length + 1);
    longer.set(pack);
    expect(() => decodeAppPack(asBuffer(longer))).toThrow(/bytes its index does not list/);
    expect(() => decodeAppPack(asBuffer(bytes('<!doctype html><p>Not found</p>')))).toThrow(
      /Not an app pack/,
    );
    expect(() => decodeAppPack(new ArrayBuffer(3))).toThrow(/Not an app pack/);
  });

  it('is known by its name: app-pack-, a hash of at least 10 hex digits, .pack', () => {
    expect(APP_PACK_FILE.test('assets/app-pack-0123456789ab.pack')).toBe(true);
    expect(APP_PACK_FILE.test('assets/app-pack.pack')).toBe(false);
    expect(APP_PACK_FILE.test('assets/app-pack-0123456789ab.js')).toBe(false);
  });
});
