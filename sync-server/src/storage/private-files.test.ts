// DATA_DIR stays private: the folders the server creates in it are 0700 (attachments and theirs included), and
// at start every folder and file an earlier version left readable by others is tightened (folders 0700, files
// 0600), however deep.
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ATTACHMENTS_DIR, AttachmentFiles } from '../attachments/attachment-files.ts';
import { keepDataPrivate } from './private-files.ts';

const made: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pn-private-'));
  made.push(dir);
  return dir;
}
const modeOf = async (target: string) => (await stat(target)).mode & 0o777;

afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('folders in DATA_DIR', () => {
  it('are created 0700: DATA_DIR, attachments/ and its own folders', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    await keepDataPrivate(dataDir, null, () => {});
    const files = new AttachmentFiles(dataDir);
    await files.init();
    const root = path.join(dataDir, ATTACHMENTS_DIR);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(root)).toBe(0o700);
    for (const sub of await readdir(root)) expect(await modeOf(path.join(root, sub)), sub).toBe(0o700);
  });

  it('left open by an earlier version are tightened at start, however deep, and the log says so', async () => {
    const dataDir = await tempDir();
    const nested = path.join(dataDir, ATTACHMENTS_DIR, 'variants', 'ab');
    await mkdir(nested, { recursive: true, mode: 0o755 });
    for (const dir of [
      path.join(dataDir, ATTACHMENTS_DIR),
      path.join(dataDir, ATTACHMENTS_DIR, 'variants'),
      nested,
    ])
      await chmod(dir, 0o755);
    const image = path.join(nested, 'image.webp');
    await writeFile(image, 'bytes', { mode: 0o644 });
    await chmod(image, 0o644);
    const lines: string[] = [];
    await keepDataPrivate(dataDir, null, (line) => lines.push(line));
    expect(await modeOf(path.join(dataDir, ATTACHMENTS_DIR))).toBe(0o700);
    expect(await modeOf(nested)).toBe(0o700);
    expect(await modeOf(image)).toBe(0o600);
    expect(lines.join('\n')).toMatch(/now private to this user/);
    // Already private: nothing to say the next time.
    lines.length = 0;
    await keepDataPrivate(dataDir, null, (line) => lines.push(line));
    expect(lines).toEqual([]);
  });
});
