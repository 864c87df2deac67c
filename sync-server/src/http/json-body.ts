// JSON request bodies, with two sizes: the signed-in owner may send a whole long note (NOTE_REQUEST_MAX_BYTES,
// a few MB), anyone else at most BODY_LIMIT, so an anonymous client cannot make the server parse megabytes.
// Must run after auth.loadSession. Notes over the character limit are refused with 413 and the shared
// message, the same one the editor shows before saving.
import { NOTE_CONTENT_MAX, NOTE_REQUEST_MAX_BYTES, noteTooLongMessage } from '@private-notes/shared';
import express, { type RequestHandler } from 'express';
import type { Auth } from '../auth/auth.ts';

export const BODY_LIMIT = '1mb';

/** Paths whose bodies carry a note's text (the notes API and the AI helpers that read a note). */
export const NOTE_BODY_PATHS = ['/api/notes', '/api/ai'];

export function jsonBody(auth: Auth): RequestHandler {
  const owner = express.json({ limit: NOTE_REQUEST_MAX_BYTES });
  const anyone = express.json({ limit: BODY_LIMIT });
  return (req, res, next) => (auth.getUser(req) ? owner : anyone)(req, res, next);
}

/** 413 for a body whose `content` is longer than a note may be. */
export const rejectLongNotes: RequestHandler = (req, res, next) => {
  const content: unknown = req.body?.content;
  if (typeof content === 'string' && content.length > NOTE_CONTENT_MAX) {
    res.status(413).json({ message: noteTooLongMessage(content.length) });
    return;
  }
  next();
};

export function isNoteBodyPath(path: string): boolean {
  return NOTE_BODY_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
