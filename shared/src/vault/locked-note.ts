// The stored form of a locked note: what the server keeps as the note's content. Five lines: the marker and
// version, the note key wrapped by the vault key, then the title, content and tags envelopes under the note
// key. Each line is an envelope (see envelope.ts), so every value carries its own algorithm, key id and nonce.
//
//   pnlocked.1
//   pnenc.1.xc20p.<vaultKeyId>.<nonce>.<wrapped note key>
//   pnenc.1.xc20p.<noteKeyId>.<nonce>.<title>
//   pnenc.1.xc20p.<noteKeyId>.<nonce>.<content>
//   pnenc.1.xc20p.<noteKeyId>.<nonce>.<tags as a JSON array>
import { type Envelope, formatEnvelope, parseEnvelope } from './envelope.ts';
import { isLockedNoteText, LOCKED_NOTE_MARKER, LOCKED_NOTE_VERSION } from './locked-note-marker.ts';
import { VaultError } from './vault-error.ts';

export const LOCKED_NOTE_FIELDS = ['title', 'content', 'tags'] as const;
export type LockedNoteField = (typeof LOCKED_NOTE_FIELDS)[number];

export interface LockedNote {
  noteKey: Envelope;
  title: Envelope;
  content: Envelope;
  tags: Envelope;
}

export function formatLockedNote(note: LockedNote): string {
  return [
    `${LOCKED_NOTE_MARKER}.${LOCKED_NOTE_VERSION}`,
    formatEnvelope(note.noteKey),
    ...LOCKED_NOTE_FIELDS.map((field) => formatEnvelope(note[field])),
  ].join('\n');
}

export function parseLockedNote(text: string): LockedNote {
  if (!isLockedNoteText(text)) throw new VaultError('not-locked-text', 'This note is not locked.');
  // Tolerate CRLF and a trailing newline a tool may add on the way; nothing else.
  const lines = text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const version = lines[0]!.slice(LOCKED_NOTE_MARKER.length + 1);
  if (!/^[1-9][0-9]{0,5}$/.test(version))
    throw new VaultError('malformed', 'This locked note is damaged: its version is missing or not a number.');
  if (Number(version) !== LOCKED_NOTE_VERSION)
    throw new VaultError(
      'unknown-version',
      `This note was locked by a newer version of Private Notes (locked note version ${version}); update the app to open it.`,
    );
  if (lines.length !== 5)
    throw new VaultError('malformed', `This locked note is damaged: it has ${lines.length} lines, not 5.`);
  const [noteKey, title, content, tags] = lines.slice(1).map(parseEnvelope) as [
    Envelope,
    Envelope,
    Envelope,
    Envelope,
  ];
  if (title.keyId !== content.keyId || title.keyId !== tags.keyId)
    throw new VaultError('malformed', 'This locked note is damaged: its fields name different note keys.');
  return { noteKey, title, content, tags };
}
