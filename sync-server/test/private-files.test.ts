// The data folder holds every secret the server has: it and what it writes (snapshot, journal, captured
// mail, backups) are private to the server's user, and a folder an earlier version left open is tightened at
// start, with a log line.
import { chmod, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { EmbeddedStore } from '../src/storage/index.ts';
import { makeTempDir, type TestServer } from './helpers.ts';
import { startMailTestServer } from './mail-helpers.ts';
import { TEST_STORE } from './test-database.ts';

const servers: TestServer[] = [];
let umask = 0;
beforeAll(() => {
  // The usual default: without the explicit modes, files would come out 0644 and folders 0755.
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of servers.splice(0)) await s.close();
});

const modeOf = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);

it('creates DATA_DIR 0700 and the snapshot, journal, captured mail and backups 0600', async () => {
  const dataDir = path.join(await makeTempDir('pn-private-'), 'data');
  // On PostgreSQL the test helper keeps its database's name in DATA_DIR, so the folder exists before the start.
  if (TEST_STORE === 'postgres') await mkdir(dataDir, { mode: 0o755 });
  const s = await startMailTestServer({ dataDir });
  servers.push(s);
  const cookie = await s.login();
  await s.api('POST', '/api/notes', { cookie, body: { title: 'secret', content: 'x', tags: [] } });
  await s.api('POST', '/api/subscribe', { body: { email: 'reader@example.com', name: 'R', interests: [] } });
  for (let i = 0; s.handle.store.count('mailOutbox') === 0 && i < 200; i++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  await s.handle.services.backups.backupNow();

  expect(await modeOf(dataDir)).toBe('700');
  if (TEST_STORE === 'embedded') {
    await s.handle.store.flush();
    expect(await modeOf(path.join(dataDir, 'data.json'))).toBe('600');
    expect(await modeOf(path.join(dataDir, 'data.journal'))).toBe('600');
  }
  const mail = await readdir(path.join(dataDir, 'mail'));
  expect(mail.length).toBeGreaterThan(0);
  expect(await modeOf(path.join(dataDir, 'mail'))).toBe('700');
  for (const file of mail) expect(await modeOf(path.join(dataDir, 'mail', file))).toBe('600');
  const backups = path.join(dataDir, 'backups');
  expect(await modeOf(backups)).toBe('700');
  const zips = (await readdir(backups)).filter((name) => name.endsWith('.zip'));
  expect(zips).toHaveLength(1);
  expect(await modeOf(path.join(backups, zips[0]!))).toBe('600');
});

it('tightens a data folder an earlier version left readable, and says so', async () => {
  const logged: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args.join(' ')));
  const dataDir = path.join(await makeTempDir('pn-private-old-'), 'data');
  await (await EmbeddedStore.open(dataDir)).close();
  await mkdir(path.join(dataDir, 'mail'));
  await writeFile(path.join(dataDir, 'mail', 'old.eml'), 'Subject: hi\r\n\r\nhello');
  for (const [file, mode] of [
    ['', 0o755],
    ['data.json', 0o644],
    ['mail', 0o755],
    ['mail/old.eml', 0o644],
  ] as const)
    await chmod(path.join(dataDir, file), mode);

  const s = await startMailTestServer({ dataDir });
  servers.push(s);
  expect(await modeOf(dataDir)).toBe('700');
  expect(await modeOf(path.join(dataDir, 'data.json'))).toBe('600');
  expect(await modeOf(path.join(dataDir, 'mail'))).toBe('700');
  expect(await modeOf(path.join(dataDir, 'mail', 'old.eml'))).toBe('600');
  expect(logged.join('\n')).toMatch(
    /Storage: \d file\(s\) and folder\(s\) in .*data.* were readable by other users of this machine; they are now private/,
  );
});
