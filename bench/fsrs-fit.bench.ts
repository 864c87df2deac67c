// Time of the FSRS parameter fit (web/src/features/study/fsrs-fit.ts, what the browser's worker runs) on
// synthetic histories of 1,000 and 5,000 reviews, and the log-loss it reaches against the defaults'. Run alone
// (`node --import tsx bench/fsrs-fit.bench.ts`) or by bench/run.mjs. Node here stands in for the worker.
import { performance } from 'node:perf_hooks';
import { fitParameters } from '../web/src/features/study/fsrs-fit.ts';
import { syntheticReviews } from '../web/src/features/study/synthetic-reviews.ts';
import { reportResult } from './lib/server.mjs';

const TARGET_S = 30;

console.log('FSRS fit on a synthetic learner (80 iterations, as the app runs it)');
for (const cards of [90, 440]) {
  const reviews = syntheticReviews({ cards, days: 180, seed: 5 });
  const started = performance.now();
  const fit = await fitParameters(reviews);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  ${reviews.length} reviews: ${seconds.toFixed(1)} s, log-loss ${fit.logLoss.toFixed(4)} (defaults ${fit.defaultLogLoss.toFixed(4)})`,
  );
  reportResult({
    bench: 'fsrs-fit',
    metric: `fit time, ${reviews.length} reviews`,
    value: +seconds.toFixed(1),
    unit: 's',
    target: `< ${TARGET_S} s`,
    pass: seconds < TARGET_S,
  });
  reportResult({
    bench: 'fsrs-fit',
    metric: `log-loss fitted vs defaults, ${reviews.length} reviews`,
    value: `${fit.logLoss.toFixed(4)} vs ${fit.defaultLogLoss.toFixed(4)}`,
    pass: fit.logLoss < fit.defaultLogLoss,
  });
}
