// The pause before reconnecting the live channel: exponential from 1 s to a minute, with equal jitter so the
// devices of many owners (or one owner's tabs) dropped by the same restart do not come back in step.
export const LIVE_RETRY_BASE_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 60_000;

export function liveRetryDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
