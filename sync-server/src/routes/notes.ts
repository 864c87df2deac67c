// The notes API, the sync target of the web app: list, one note, create, update, delete, changes feed, and the
// batch of changes the sync engine pushes.
import {
  NoteBatchSchema,
  NoteChangesQuerySchema,
  NoteCreateSchema,
  NoteDeleteQuerySchema,
  NoteListQuerySchema,
  NoteUpdateSchema,
} from '@private-notes/shared';
import { Router } from 'express';
import type { Deps } from '../deps.ts';
import { parseBody, parseIdParam, parseQuery } from '../http/validate.ts';
import { asAuthor } from '../storage/commit-author.ts';

export function createNotesRouter({ auth, services }: Deps): Router {
  const router = Router();
  router.use('/api/notes', auth.requireUser);

  router.get('/api/notes', (req, res) => {
    const query = parseQuery(NoteListQuerySchema, req);
    res.json(services.notes.list(auth.getUser(req)!.id, query));
  });

  // Declared before /:id so "changes" is never read as an id.
  router.get('/api/notes/changes', (req, res) => {
    const { since, limit } = parseQuery(NoteChangesQuerySchema, req);
    const changes = services.notes.changes(auth.getUser(req)!.id, Number(since ?? 0), limit);
    res.set('X-Restore-Epoch', changes.restoreEpoch);
    res.json(changes);
  });

  router.get('/api/notes/:id', (req, res) => {
    res.json(services.notes.get(auth.getUser(req)!.id, parseIdParam(req)));
  });

  router.post('/api/notes', async (req, res) => {
    const input = parseBody(NoteCreateSchema, req);
    const { note, created } = await services.notes.create(auth.getUser(req)!.id, input);
    res.status(created ? 201 : 200).json(note);
  });

  // Answers 200 with one result per change once they are all committed; see note-batch-service.ts.
  router.post('/api/notes/batch', async (req, res) => {
    const { changes } = parseBody(NoteBatchSchema, req);
    // Its commit's live event is this session's own: the engine pulls after every push that was sent.
    const apply = () => services.noteBatch.apply(auth.getUser(req)!.id, changes);
    const session = auth.getSession(req);
    const results = session
      ? await asAuthor({ sessionId: session.id, via: 'notes-push' }, apply)
      : await apply();
    res.json({ results });
  });

  router.put('/api/notes/:id', async (req, res) => {
    const id = parseIdParam(req);
    const input = parseBody(NoteUpdateSchema, req);
    res.json(await services.notes.update(auth.getUser(req)!.id, id, input));
  });

  router.delete('/api/notes/:id', async (req, res) => {
    const id = parseIdParam(req);
    const { version } = parseQuery(NoteDeleteQuerySchema, req);
    await services.notes.remove(auth.getUser(req)!.id, id, version);
    res.status(204).end();
  });

  return router;
}
