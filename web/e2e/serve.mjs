// Starts the built server for the browser tests, the bundle `npm start` runs (sync-server/dist/server.js with
// plain node; rebuilt first when its sources changed since, as `npm start` does): a fresh temporary DATA_DIR, the known owner password,
// the port from E2E_PORT, e-mail in capture mode (no SMTP: every message lands in the Outbox) with links
// pointing at this server (PUBLIC_URL), and a private copy of the build (several engineers rebuild web/dist while
// others test; a page must not lose its chunks mid-run). Removes both when Playwright stops it.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE, serverBuildIsStale } from '../../sync-server/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
if (!existsSync(path.join(root, 'web/dist-ssr/entry-server.js'))) {
  console.error('The web app is not built: run `npm run build` first (npm test does).');
  process.exit(1);
}
if (await serverBuildIsStale()) {
  console.log('Building the server (sync-server/dist)…');
  await buildServer();
}
const port = process.env.E2E_PORT ?? '4310';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pn-e2e-'));
// Scheduled backups go to a folder the specs can find by the port (backups.spec.ts spoils it on purpose).
const backupDir = path.join(os.tmpdir(), `pn-e2e-backups-${port}`);
rmSync(backupDir, { recursive: true, force: true });
// Inside node_modules, so the server bundle still resolves its packages from the repository.
const buildCopy = path.join(root, 'node_modules/.cache/pn-e2e', port);
rmSync(buildCopy, { recursive: true, force: true });
cpSync(path.join(root, 'web/dist'), path.join(buildCopy, 'dist'), { recursive: true });
cpSync(path.join(root, 'web/dist-ssr'), path.join(buildCopy, 'dist-ssr'), { recursive: true });
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: port,
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    WEB_DIST_DIR: path.join(buildCopy, 'dist'),
    OWNER_USERNAME: 'admin',
    OWNER_PASSWORD: process.env.E2E_OWNER_PASSWORD ?? 'e2e-owner-password-1',
    LOG_REQUESTS: 'false',
    // As `npm start` runs it (scripts/start.mjs): React's production build renders the pages under test.
    NODE_ENV: 'production',
    // Mail links (confirm, unsubscribe, comment alerts) must open this server; no SMTP_* means capture.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Seeded readers carry their own address (X-Forwarded-For, e2e/mail-helpers.ts), so sign-ups seeded by
    // many specs do not add up against the per-address limit; requests without the header are 127.0.0.1.
    TRUST_PROXY: 'loopback',
    // Passkeys need a domain (an IP address cannot be a WebAuthn RP ID): the passkey spec opens localhost.
    ALLOWED_ORIGINS: `http://localhost:${port}`,
    SMTP_URL: '',
    SMTP_HOST: '',
  },
});
const cleanUp = () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backupDir, { recursive: true, force: true });
  rmSync(buildCopy, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
