// Playwright's 'networkidle' never comes on the owner's screens: the live channel (GET /api/live) is a request
// that stays open. `watchNetwork(page).settled()` waits for the same thing without it (web/e2e/network-quiet.ts).
const LIVE = /\/api\/live(\?|$)/;

export function watchNetwork(page) {
  const inFlight = new Set();
  const add = (request) => {
    if (!LIVE.test(request.url())) inFlight.add(request);
  };
  const done = (request) => inFlight.delete(request);
  page.on('request', add);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Resolves once no request but the live channel has been in flight for `quietMs`. */
    async settled(quietMs = 500, timeoutMs = 60_000) {
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
  };
}
