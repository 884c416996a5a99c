// Requests a fake payment provider holds before doing them, so that a test can act while the
// provider "works": kill the API, retry with the same key, look at the books. Shared by the fakes
// of Stripe (tools/fake-stripe) and PayStack (apps/api/test/support/fake-paystack.mjs). Plain
// JavaScript: the e2e runner starts those fakes without TypeScript.

/**
 * The held requests of one fake. `hold(request)` parks one (`request` is what a test may look at:
 * its method, path, key) and answers `released`, a promise the fake awaits before doing it, and
 * `done()`, which the fake calls once it has answered (or found its client gone).
 */
export function createPausedRequests() {
  const held = [];
  const waiters = [];

  function wakeWaiters() {
    for (const waiter of [...waiters]) {
      if (held.length < waiter.count) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(held.map((entry) => entry.request));
    }
  }

  return {
    hold(request) {
      let release;
      let done;
      const released = new Promise((resolve) => (release = resolve));
      const answered = new Promise((resolve) => (done = resolve));
      held.push({ request, release, answered });
      wakeWaiters();
      return { released, done };
    },
    /** Resolves with the held requests once `count` of them are held at the same time (at once if they already are). */
    waitForPaused(count = 1) {
      return new Promise((resolve) => {
        waiters.push({ count, resolve });
        wakeWaiters();
      });
    },
    /** Lets every held request go on; resolves once each has been done and answered (or found nobody to answer). */
    async releasePaused() {
      const released = held.splice(0);
      for (const entry of released) entry.release();
      await Promise.all(released.map((entry) => entry.answered));
    },
  };
}
