// The files that came with imported markdown notes (a zip, or a chosen folder and files), and how a note's links
// find them: relative to the note (`![](img.png)`, Joplin's `../_resources/x.png`, this product's
// `_resources/x.png`), relative to a folder above it (Obsidian's "path from vault root"), else by file name
// anywhere in the vault (Obsidian's `![[x.png]]` and "shortest path" links). Each linked file is hashed once,
// one at a time, and the link rewritten to `/api/attachments/SHA`; the bytes are read again at the write.
import {
  attachmentLink,
  attachmentPath,
  fileTooLargeMessage,
  isInlineImage,
  SNIFF_BYTES,
  sniffMime,
} from '@private-notes/shared';
import {
  type FileLink,
  findLinks,
  linkedFilePath,
  replaceLinks,
  resolveRelativePath,
} from '@private-notes/shared/interchange/file-links';
import { cleanFileName, sha256Hex } from '../../db/attachment-store.ts';
import type { AttachmentRef, ImportCandidate, ReportLine } from './import-types.ts';
import { notANoteReason } from './read-text-file.ts';

export interface VaultFile {
  /** Its path among the vault's files ("Vault/attachments/map.png"). */
  path: string;
  size: number;
  read: () => Promise<Uint8Array>;
}

type Hashed = { ok: true; sha256: string; mime: string; name: string } | { ok: false; reason: string };

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export class ImportVault {
  readonly #files = new Map<string, VaultFile>();
  readonly #byName = new Map<string, VaultFile[]>();
  readonly #hashed = new Map<string, Promise<Hashed>>();
  readonly #used = new Set<string>();

  /**
   * `label` names a file in the report ("vault.zip › a/b.png"); `unreadable`, when set, is why the files of this
   * source cannot be read at all (a zip whose table of contents is damaged).
   */
  constructor(
    readonly label: (path: string) => string,
    readonly unreadable: string | null = null,
  ) {}

  add(file: VaultFile): void {
    this.#files.set(file.path, file);
    const key = baseName(file.path).toLowerCase();
    const same = this.#byName.get(key);
    if (same) same.push(file);
    else this.#byName.set(key, [file]);
  }

  /** The file a link from the note at `notePath` means, or null when the vault has none. */
  find(notePath: string, link: FileLink, target: string): VaultFile | null {
    // Wiki links name a path from the vault's root; markdown links are relative to the note.
    const from = link.kind === 'wiki' ? '' : notePath;
    const direct = resolveRelativePath(from, target);
    if (direct !== null && this.#files.has(direct)) return this.#files.get(direct)!;
    // Relative to a folder above the note: the vault's root may sit inside the zip ("Vault/…").
    const folders = notePath.split('/').slice(0, -1);
    for (let depth = folders.length; depth >= 0; depth--) {
      const path = resolveRelativePath(`${folders.slice(0, depth).join('/')}/x`.replace(/^\//, ''), target);
      if (path !== null && this.#files.has(path)) return this.#files.get(path)!;
    }
    // By name: the one nearest the note (the longest shared folder prefix), as Obsidian resolves it.
    const same = this.#byName.get(baseName(target).toLowerCase());
    if (!same) return null;
    const ending = target.replace(/^(\.\.?\/)+/, '').toLowerCase();
    let candidates = same.filter((f) => {
      const path = f.path.toLowerCase();
      return path === ending || path.endsWith(`/${ending}`);
    });
    // Files chosen one by one lose their folders: a name that only one file has is still that file.
    if (candidates.length === 0 && same.length === 1) candidates = same;
    if (candidates.length === 0) return null;
    const shared = (path: string) => {
      const a = path.split('/');
      let n = 0;
      while (n < a.length - 1 && n < folders.length && a[n] === folders[n]) n++;
      return n;
    };
    return candidates.reduce((best, f) => (shared(f.path) > shared(best.path) ? f : best));
  }

  /** Hashes a file once (the same image linked from many notes is read once). */
  hash(file: VaultFile, maxBytes: number): Promise<Hashed> {
    let hashed = this.#hashed.get(file.path);
    if (!hashed) {
      hashed = hashVaultFile(file, maxBytes, this.unreadable);
      this.#hashed.set(file.path, hashed);
    }
    this.#used.add(file.path);
    return hashed;
  }

  /** Report lines for the files no note links to (or whose links could not use them). */
  unusedFiles(): ReportLine[] {
    const lines: ReportLine[] = [];
    for (const path of this.#files.keys()) {
      if (this.#used.has(path)) continue;
      lines.push({ source: this.label(path), status: 'skipped', message: notANoteReason(path) });
    }
    return lines;
  }
}

async function hashVaultFile(file: VaultFile, maxBytes: number, unreadable: string | null): Promise<Hashed> {
  const name = cleanFileName(baseName(file.path));
  if (unreadable !== null) return { ok: false, reason: `${name} could not be read (${unreadable})` };
  if (file.size > maxBytes) return { ok: false, reason: fileTooLargeMessage(name, file.size, maxBytes) };
  if (file.size === 0) return { ok: false, reason: `${name} is empty` };
  let bytes: Uint8Array;
  try {
    bytes = await file.read();
  } catch (error) {
    return {
      ok: false,
      reason: `${name} could not be read (${error instanceof Error ? error.message : 'unreadable'})`,
    };
  }
  // The size in a zip's directory can lie; the bytes cannot.
  if (bytes.length > maxBytes)
    return { ok: false, reason: fileTooLargeMessage(name, bytes.length, maxBytes) };
  if (bytes.length === 0) return { ok: false, reason: `${name} is empty` };
  const mime = sniffMime(bytes.subarray(0, SNIFF_BYTES));
  return { ok: true, sha256: await sha256Hex(new Uint8Array(bytes)), mime, name };
}

/** What the note's file links came to: rewritten text, the files to store, a warning per link left as it was. */
export async function attachVaultFiles(
  candidate: ImportCandidate,
  vault: ImportVault,
  notePath: string,
  maxBytes: number,
): Promise<void> {
  const content = candidate.note.content;
  const links = findLinks(content);
  const targets = new Map<FileLink, { file: VaultFile; hashed: Hashed } | string>();
  for (const link of links) {
    const target = linkedFilePath(link);
    if (target === null) continue;
    const file = vault.find(notePath, link, target);
    if (!file) {
      targets.set(link, `${target}: not found in the import`);
      continue;
    }
    targets.set(link, { file, hashed: await vault.hash(file, maxBytes) });
  }
  if (targets.size === 0) return;
  const refs = new Map<string, AttachmentRef>();
  const problems = new Set<string>();
  const rewritten = replaceLinks(content, links, (link) => {
    const found = targets.get(link);
    if (found === undefined) return null;
    if (typeof found === 'string') {
      problems.add(found);
      return null;
    }
    const { file, hashed } = found;
    if (!hashed.ok) {
      problems.add(hashed.reason);
      return null;
    }
    if (!refs.has(hashed.sha256))
      refs.set(hashed.sha256, { sha256: hashed.sha256, name: hashed.name, size: file.size, read: file.read });
    if (link.kind === 'markdown') return attachmentPath(hashed.sha256);
    // An Obsidian embed shows images in place and links other files; a wiki link is a link. An embed's alias
    // is its display size ("300", "300x200"), not a caption.
    const text = link.embed && /^\d+(x\d+)?$/.test(link.text) ? '' : link.text;
    return attachmentLink(text || hashed.name, hashed.sha256, link.embed && isInlineImage(hashed.mime));
  });
  candidate.note = { ...candidate.note, content: rewritten };
  candidate.attachments = [...refs.values()];
  for (const problem of problems) candidate.warnings.push(`${problem}; the link stays as it was`);
}
