// Evernote's export format (.enex), read as a stream: text goes in a piece at a time (files reach hundreds of
// megabytes), each <note> comes out as soon as it closes. Resource data (base64) is measured, and decoded only
// when asked for: then a note comes out with its own resources' bytes and nothing else is kept, so memory holds
// one note's attachments at a time however large the file is.
import { SaxesParser } from 'saxes';
import { parseLooseDate } from './rfc3339.ts';

export interface EnexResource {
  fileName: string | null;
  mime: string | null;
  /** Decoded size in bytes, estimated from the base64 length. */
  size: number;
  /** The bytes, when the reader was asked for them; null otherwise or when the base64 was damaged. */
  data: Uint8Array<ArrayBuffer> | null;
}

export interface EnexReaderOptions {
  /** Decode each resource's bytes (kept until its note has been handed over). */
  resourceData?: boolean;
}

/** Base64 decoded a piece at a time: whole groups of 4 characters are decoded as they come, the rest waits. */
class Base64Collector {
  readonly #parts: Uint8Array<ArrayBuffer>[] = [];
  #pending = '';
  #size = 0;
  #damaged = false;

  push(text: string): void {
    if (this.#damaged) return;
    const clean = this.#pending + text.replace(/[ \t\r\n]+/g, '');
    const whole = clean.length - (clean.length % 4);
    this.#pending = clean.slice(whole);
    if (whole > 0) this.#decode(clean.slice(0, whole));
  }

  #decode(text: string): void {
    let binary: string;
    try {
      binary = atob(text);
    } catch {
      this.#damaged = true;
      return;
    }
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    this.#parts.push(bytes);
    this.#size += bytes.length;
  }

  finish(): Uint8Array<ArrayBuffer> | null {
    if (this.#pending !== '')
      this.#decode(this.#pending.padEnd(this.#pending.length + ((4 - (this.#pending.length % 4)) % 4), '='));
    if (this.#damaged) return null;
    const out = new Uint8Array(this.#size);
    let offset = 0;
    for (const part of this.#parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

export interface EnexNote {
  title: string;
  /** The ENML (XHTML) body; see enmlToMarkdown. */
  enml: string;
  tags: string[];
  createdAt: string | null;
  updatedAt: string | null;
  sourceUrl: string | null;
  author: string | null;
  resources: EnexResource[];
}

/** Thrown for input that is not an Evernote export; the message says where it went wrong. */
export class EnexError extends Error {
  override name = 'EnexError';
}

export class EnexReader {
  readonly #parser = new SaxesParser({ position: true });
  readonly #onNote: (note: EnexNote) => void;
  readonly #path: string[] = [];
  #note: EnexNote | null = null;
  #resource: EnexResource | null = null;
  #text = '';
  #sawRoot = false;
  #notes = 0;
  /**
   * A note whose end tag was just read waits for the parser's next event: on a stray end tag saxes closes every
   * open element (calling the close handler) and only then reports the error, so a note counts only once an
   * event other than an error follows it.
   */
  #pending: EnexNote | null = null;
  #failure: Error | null = null;
  #resourceChars = 0;
  readonly #keepData: boolean;
  #data: Base64Collector | null = null;

  constructor(onNote: (note: EnexNote) => void, options: EnexReaderOptions = {}) {
    this.#onNote = onNote;
    this.#keepData = options.resourceData === true;
    this.#parser.on('opentag', (tag) => this.#event(() => this.#open(tag.name)));
    this.#parser.on('closetag', (tag) => this.#event(() => this.#close(tag.name)));
    this.#parser.on('text', (text) => this.#event(() => this.#collect(text)));
    this.#parser.on('cdata', (text) => this.#event(() => this.#collect(text)));
    this.#parser.on('end', () => this.#event(() => {}));
    this.#parser.on('error', (error) => {
      this.#pending = null;
      this.#failure ??= this.#wrap(error);
    });
  }

  #event(handle: () => void): void {
    if (this.#failure) return;
    if (this.#pending) {
      const note = this.#pending;
      this.#pending = null;
      this.#notes++;
      this.#onNote(note);
    }
    try {
      handle();
    } catch (error) {
      this.#failure ??= this.#wrap(error);
    }
  }

  get notesRead(): number {
    return this.#notes;
  }

  /** Feeds the next piece of the file's text. Throws EnexError on malformed XML or a non-ENEX document. */
  write(text: string): void {
    if (!this.#failure) this.#parser.write(text);
    if (this.#failure) throw this.#failure;
  }

  close(): void {
    if (!this.#failure) this.#parser.close();
    if (this.#failure) throw this.#failure;
    if (!this.#sawRoot) throw new EnexError('not an Evernote export (no <en-export> element)');
  }

  #wrap(error: unknown): Error {
    if (error instanceof EnexError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new EnexError(`not valid XML (${message.replace(/^(?:[^:]*:)?(\d+:\d+): /, 'line $1: ')})`);
  }

  #open(name: string): void {
    if (this.#path.length === 0) {
      if (name !== 'en-export') throw new EnexError(`not an Evernote export (the document is <${name}>)`);
      this.#sawRoot = true;
    }
    this.#path.push(name);
    if (name === 'note' && this.#path.length === 2) {
      this.#note = {
        title: '',
        enml: '',
        tags: [],
        createdAt: null,
        updatedAt: null,
        sourceUrl: null,
        author: null,
        resources: [],
      };
    } else if (name === 'resource' && this.#note) {
      this.#resource = { fileName: null, mime: null, size: 0, data: null };
      this.#resourceChars = 0;
    } else if (name === 'data' && this.#resource && this.#keepData) {
      this.#data = new Base64Collector();
    }
    this.#text = '';
  }

  #collect(text: string): void {
    if (this.#resource && this.#path.at(-1) === 'data') {
      // Base64 without whitespace and padding: 4 characters make 3 bytes. Only the size is kept, counted in place rather
      // than through a whitespace-free copy (a resource can be a hundred megabytes of text).
      let characters = 0;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code !== 32 && code !== 10 && code !== 13 && code !== 9 && code !== 61) characters++;
      }
      this.#resourceChars += characters;
      this.#data?.push(text);
      return;
    }
    if (this.#note) this.#text += text;
  }

  #close(name: string): void {
    this.#path.pop();
    const note = this.#note;
    const text = this.#text;
    this.#text = '';
    if (!note) return;
    const resource = this.#resource;
    if (resource) {
      if (name === 'data' && this.#data) {
        resource.data = this.#data.finish();
        this.#data = null;
      } else if (name === 'mime') resource.mime = text.trim() || null;
      else if (name === 'file-name') resource.fileName = text.trim() || null;
      else if (name === 'resource') {
        resource.size = resource.data?.length ?? Math.floor((this.#resourceChars * 3) / 4);
        this.#resourceChars = 0;
        note.resources.push(resource);
        this.#resource = null;
      }
      return;
    }
    switch (name) {
      case 'title':
        note.title = text.trim();
        break;
      case 'content':
        note.enml = text;
        break;
      case 'tag':
        if (text.trim()) note.tags.push(text.trim());
        break;
      case 'created':
        note.createdAt = parseLooseDate(text);
        break;
      case 'updated':
        note.updatedAt = parseLooseDate(text);
        break;
      case 'source-url':
        note.sourceUrl = text.trim() || null;
        break;
      case 'author':
        note.author = text.trim() || null;
        break;
      case 'note':
        this.#note = null;
        this.#pending = note;
        break;
    }
  }
}
