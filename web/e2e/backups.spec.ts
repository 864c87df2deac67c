// Scheduled backups on Import & Export, against the real built server: "Back up now" writes and verifies one
// (the last backup shows its time, size and "verified", and the newest is offered for download as a zip that
// verifies); a backup folder the server cannot write to shows as a failure with the reason, once; on a phone too.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { E2E_PORT } from './owner.ts';

/** BACKUP_DIR of the test server (web/e2e/serve.mjs). */
const backupDir = path.join(os.tmpdir(), `pn-e2e-backups-${E2E_PORT}`);

test.afterEach(() => {
  rmSync(backupDir, { recursive: true, force: true });
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`back up now, download the newest, and a failure shown with its reason (${viewport.name})`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await signIn();
    await page.goto('/import-export');
    const section = page.getByRole('region', { name: 'Scheduled backups' });
    await expect(section.getByText('Daily, the newest 7 kept')).toBeVisible();

    // A file where the folder should be: the backup fails and says why.
    rmSync(backupDir, { recursive: true, force: true });
    writeFileSync(backupDir, 'not a folder');
    await section.getByRole('button', { name: 'Back up now' }).click();
    await expect(section.getByRole('alert')).toHaveText(
      new RegExp(
        `^Failed on .*: cannot write to ${backupDir.replace(/[/.]/g, '\\$&')} \\(it is not a folder\\)$`,
      ),
    );
    // Said once: no toast repeats the failure shown in the section.
    await expect(page.getByText(/cannot write to/)).toHaveCount(1);
    await expect(page.getByText('Backup failed', { exact: true })).toHaveCount(0);

    rmSync(backupDir, { force: true });
    await section.getByRole('button', { name: 'Back up now' }).click();
    await expect(section.getByTestId('backup-last')).toHaveText(/^.+, \d+(\.\d)? KB, verified$/);
    await expect(section.getByRole('alert')).toHaveCount(0);
    const link = section.getByRole('link', { name: /^Download the newest backup/ });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^private-notes-backup-\d{4}-.*\.zip$/);
    const saved = await download.path();
    // The downloaded file passes the restore command's own check.
    const out = execFileSync('npm', ['run', '--silent', 'restore', '--', '--verify', saved], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/^The backup of .* is intact \(\d+ bytes\)\nRecords: users 1, /);
  });
}
