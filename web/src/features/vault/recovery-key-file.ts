// The recovery key as a small text file (Save as file) and as a printable page (Print), made in the browser.
export const RECOVERY_KEY_FILE_NAME = 'private-notes-recovery-key.txt';

export function recoveryKeyText(recoveryKey: string, site: string, now = new Date()): string {
  return [
    'Private Notes: recovery key for your locked notes',
    '',
    recoveryKey,
    '',
    `Site: ${site}`,
    `Made: ${now.toISOString().slice(0, 10)}`,
    '',
    'Keep this somewhere safe and private, away from this device.',
    'Without your passphrase AND this recovery key, your locked notes cannot be opened by anyone.',
  ].join('\n');
}

/** Prints the key alone, through a hidden frame (the app's own page is not printed). */
export function printRecoveryKey(text: string): void {
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  document.body.append(frame);
  const doc = frame.contentDocument;
  if (!doc) {
    frame.remove();
    return;
  }
  const pre = doc.createElement('pre');
  pre.textContent = text;
  pre.style.font = '16px monospace';
  doc.body.append(pre);
  frame.contentWindow?.print();
  setTimeout(() => frame.remove(), 1000);
}
