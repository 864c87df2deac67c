// Flashcard reviews (spaced repetition, beyond the spec), owner only: POST /api/reviews stores a batch
// idempotently by review id; GET /api/reviews?since= lists what was stored after a cursor.
import { REVIEWS_PATH, ReviewChangesQuerySchema, ReviewPushSchema } from '@private-notes/shared';
import { type Request, Router } from 'express';
import type { Deps } from '../deps.ts';
import { parseBody, parseQuery } from '../http/validate.ts';
import { ReviewService } from '../services/review-service.ts';

export function createReviewsRouter(deps: Deps): Router {
  const { auth } = deps;
  const reviews = new ReviewService(deps.store);
  const router = Router();
  const userId = (req: Request) => auth.getUser(req)!.id;

  router.use(REVIEWS_PATH, auth.requireUser);

  router.post(REVIEWS_PATH, async (req, res) => {
    const body = parseBody(ReviewPushSchema, req);
    const added = await reviews.add(userId(req), body.reviews);
    res.json({ added });
  });

  router.get(REVIEWS_PATH, (req, res) => {
    const query = parseQuery(ReviewChangesQuerySchema, req);
    res.json(reviews.changes(userId(req), Number(query.since ?? 0), query.limit));
  });

  return router;
}
