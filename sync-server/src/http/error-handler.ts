// The last handlers of the chain: unknown API paths answer 404 JSON; errors answer JSON, never a stack.

import { noteTooLongMessage } from '@private-notes/shared';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { StorageUnavailableError, StoreUnavailableError } from '../storage/index.ts';
import { HttpError } from './http-error.ts';
import { isNoteBodyPath } from './json-body.ts';

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found' });
};

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
}

export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  if (error instanceof HttpError) {
    res.status(error.status).json({ ...error.extra, message: error.message });
    return;
  }
  if (error instanceof StoreUnavailableError) {
    // Nothing was kept; the client may simply retry (the sync engine does, with backoff). A full disk
    // takes a person to fix, a database coming back only seconds.
    const retryAfter = error instanceof StorageUnavailableError ? '30' : '5';
    res.status(503).set('Retry-After', retryAfter).json({ message: error.message });
    return;
  }
  const bodyError = error as BodyParserError;
  if (bodyError.type === 'entity.parse.failed') {
    res.status(400).json({ message: 'Invalid JSON body' });
    return;
  }
  if (bodyError.type === 'entity.too.large') {
    // On the note paths the body is mostly the note's text, so the owner gets the note limit in words.
    const message = isNoteBodyPath(req.path) ? noteTooLongMessage() : 'Request body is too large';
    res.status(413).json({ message });
    return;
  }
  if (typeof bodyError.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
    res
      .status(bodyError.status)
      .json({ message: bodyError.expose === false ? 'Bad request' : bodyError.message });
    return;
  }
  console.error(error);
  res.status(500).json({ message: 'Internal server error' });
};
