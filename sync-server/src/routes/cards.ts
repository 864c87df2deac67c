// Study cards (flashcards and key points) synced between the owner's devices, owner only: POST /api/cards
// applies a batch of changes and answers each one's outcome; GET /api/cards?since= lists what changed after a
// cursor (tombstones included). Generating cards stays on POST /api/notes/generate-flashcards.
import { CARDS_PATH, CardChangesQuerySchema, CardPushSchema } from '@private-notes/shared';
import { type Request, Router } from 'express';
import type { Deps } from '../deps.ts';
import { parseBody, parseQuery } from '../http/validate.ts';
import { CardService } from '../services/card-service.ts';

export function createCardsRouter(deps: Deps): Router {
  const { auth } = deps;
  const cards = new CardService(deps.store);
  const router = Router();
  const userId = (req: Request) => auth.getUser(req)!.id;

  router.use(CARDS_PATH, auth.requireUser);

  router.post(CARDS_PATH, async (req, res) => {
    const body = parseBody(CardPushSchema, req);
    res.json(await cards.push(userId(req), body.changes));
  });

  router.get(CARDS_PATH, (req, res) => {
    const query = parseQuery(CardChangesQuerySchema, req);
    res.json(cards.changes(userId(req), Number(query.since ?? 0), query.limit));
  });

  return router;
}
