// Every request of the table page has a timeout, and a failed save is tried again after a
// capped, exponentially growing pause with jitter (so that the phones of a hall do not all ask
// again in the same instant). The clock, the randomness and fetch itself are passed in, so
// that the unit tests can drive them.

// Why a request gave no answer: the network (fetch failed) or the time ran out.
export class TimeoutError extends Error {
  constructor(url, ms) {
    super(`no answer from ${url} within ${ms} ms`);
    this.name = "TimeoutError";
  }
}

export function isTimeout(error) {
  return !!error && error.name === "TimeoutError";
}

// fetch with a timeout over the whole exchange (the body too) through an AbortController:
// resolves { status, ok, text, headers }, rejects with the network's error or a TimeoutError.
export function request(url, options = {}, {
  fetchFn = globalThis.fetch,
  timeoutMs = 10000,
  setTimer = globalThis.setTimeout,
  clearTimer = globalThis.clearTimeout,
  Controller = globalThis.AbortController,
} = {}) {
  const controller = new Controller();
  let timedOut = false;
  const timer = setTimer(() => { timedOut = true; controller.abort(); }, timeoutMs);
  const done = () => clearTimer(timer);
  return fetchFn(url, { ...options, signal: controller.signal })
    .then((response) => response.text().then((text) => ({
      status: response.status, ok: response.ok, text, headers: response.headers,
    })))
    .then((answer) => { done(); return answer; }, (error) => {
      done();
      throw timedOut ? new TimeoutError(url, timeoutMs) : error;
    });
}

// The pause before try number `attempt + 1`: base · 2^attempt, at most `capMs`, of which a
// random part (`random()` in [0, 1)) takes away up to half ("equal jitter": never zero, never
// more than the cap).
export function backoffDelay(attempt, { baseMs = 1000, capMs = 15000, random = Math.random } = {}) {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

// One pending retry at a time: `later(run)` schedules `run` after the next pause (a second call
// while one waits changes nothing), `now(run)` drops the wait and runs at once (the network is
// back), `succeeded()` starts the pauses from the beginning again.
export function createRetry({
  baseMs, capMs, random, setTimer = globalThis.setTimeout, clearTimer = globalThis.clearTimeout,
} = {}) {
  let attempt = 0;
  let timer = null;
  return {
    get attempt() { return attempt; },
    get waiting() { return timer !== null; },
    later(run) {
      if (timer !== null) { return null; }
      const delay = backoffDelay(attempt, { baseMs, capMs, random });
      attempt += 1;
      timer = setTimer(() => { timer = null; run(); }, delay);
      return delay;
    },
    now(run) {
      if (timer !== null) { clearTimer(timer); timer = null; }
      run();
    },
    succeeded() {
      attempt = 0;
      if (timer !== null) { clearTimer(timer); timer = null; }
    },
  };
}
