// Runs fitParameters off the page's thread: receives the review rows, answers the fit.
import type { ReviewEvent } from './card-schedule.ts';
import { fitParameters } from './fsrs-fit.ts';

self.onmessage = async (event: MessageEvent<ReviewEvent[]>) => {
  const result = await fitParameters(event.data);
  self.postMessage(result);
};
