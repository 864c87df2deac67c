import { expect, it } from 'vitest';
import { recoveryKeyText } from './recovery-key-file.ts';

it('the saved file holds the key, the site, the date and the plain warning', () => {
  const text = recoveryKeyText(
    'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567-89ABC',
    'https://notes.example',
    new Date('2026-11-28T00:00:00Z'),
  );
  expect(text.split('\n')).toEqual([
    'Private Notes: recovery key for your locked notes',
    '',
    'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567-89ABC',
    '',
    'Site: https://notes.example',
    'Made: 2026-11-28',
    '',
    'Keep this somewhere safe and private, away from this device.',
    'Without your passphrase AND this recovery key, your locked notes cannot be opened by anyone.',
  ]);
});
