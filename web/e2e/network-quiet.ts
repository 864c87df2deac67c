// Playwright's 'networkidle' never comes on the owner's screens: the live channel (GET /api/live) is a request
// that stays open. This waits for the same thing without it: no other request in flight for `quietMs`.
import type { Page, Request } from '@playwright/test';

const LIVE = /\/api\/live(\?|$)/;

/** Starts counting the page's requests now; `settled()` resolves once none but the live channel is in flight. */
export function watchNetwork(page: Page) {
  const inFlight = new Set<Request>();
  const add = (request: Request) => {
    if (!LIVE.test(request.url())) inFlight.add(request);
  };
  const done = (request: Request) => inFlight.delete(request);
  page.on('request', add);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled(quietMs = 500, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      let quietSince = Date.now();
      for (;;) {
        if (inFlight.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) return;
        if (Date.now() > deadline)
          throw new Error(`requests still in flight: ${[...inFlight].map((r) => r.url())}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop() {
      page.off('request', add);
      page.off('requestfinished', done);
      page.off('requestfailed', done);
    },
  };
}

/** After a navigation: waits for the page's load, then for its requests (the live channel aside) to settle. */
export async function waitForQuietNetwork(page: Page, quietMs = 500): Promise<void> {
  const network = watchNetwork(page);
  try {
    await page.waitForLoadState('load');
    await network.settled(quietMs);
  } finally {
    network.stop();
  }
}
