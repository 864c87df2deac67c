// When this device looks at its FSRS parameters: once the study screens start (the stored ones are used at
// once), then a fit when due, checked again every hour while the app is open.
import { db } from '../../db/db.ts';
import { refitIfDue } from './fsrs-parameters.ts';

const CHECK_MS = 60 * 60 * 1000;
let started = false;

/** Idempotent, like startReviewSync beside it. */
export function startFsrsParameters(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const check = () => void refitIfDue(db, new Date()).catch(() => {});
  check();
  setInterval(check, CHECK_MS);
}
