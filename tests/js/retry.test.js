// Timeouts and retries (static/table/retry.js), with the clock and fetch passed in.
import { test } from "node:test";
import assert from "node:assert/strict";

import { TimeoutError, backoffDelay, createRetry, isTimeout, request } from "../../static/table/retry.js";

function fakeClock() {
  const timers = new Map();
  let next = 1;
  return {
    setTimer: (run, ms) => { timers.set(next, { run, ms }); return next++; },
    clearTimer: (id) => { timers.delete(id); },
    fire() { const all = [...timers.values()]; timers.clear(); all.forEach((t) => t.run()); },
    get pending() { return [...timers.values()].map((t) => t.ms); },
  };
}

const answer = (status, text = "") => ({
  status, ok: status >= 200 && status < 300, headers: new Map(), text: () => Promise.resolve(text),
});

test("the pause doubles with every try", () => {
  const half = () => 0.5;
  const pauses = [0, 1, 2, 3].map((attempt) => backoffDelay(attempt, { baseMs: 1000, capMs: 60000, random: half }));
  assert.deepEqual(pauses, [750, 1500, 3000, 6000]);
});

test("the pause never exceeds the cap, however many tries failed", () => {
  assert.equal(backoffDelay(40, { baseMs: 1000, capMs: 15000, random: () => 0.999999 }), 15000);
  assert.equal(backoffDelay(40, { baseMs: 1000, capMs: 15000, random: () => 0 }), 7500);
});

test("jitter takes away at most half of the pause and never makes it zero", () => {
  for (const random of [0, 0.25, 0.75, 0.999]) {
    const pause = backoffDelay(2, { baseMs: 1000, capMs: 15000, random: () => random });
    assert.ok(pause >= 2000 && pause <= 4000, String(pause));
  }
});

test("a request answers with status, text and headers and clears its timer", async () => {
  const clock = fakeClock();
  const got = await request("/t/x/spiel/", { method: "POST" }, {
    fetchFn: () => Promise.resolve(answer(201, "<div>ok</div>")), timeoutMs: 5000, ...clock,
  });
  assert.equal(got.status, 201);
  assert.equal(got.ok, true);
  assert.equal(got.text, "<div>ok</div>");
  assert.deepEqual(clock.pending, []);
});

test("every request carries an abort signal and its timeout", async () => {
  const clock = fakeClock();
  let seen;
  await request("/s", { method: "POST" }, {
    fetchFn: (url, options) => { seen = options; return Promise.resolve(answer(200)); },
    timeoutMs: 4321, ...clock,
  });
  assert.equal(seen.method, "POST");
  assert.ok(seen.signal instanceof AbortSignal);
  const pendingDuring = [];
  await request("/s", {}, {
    fetchFn: () => { pendingDuring.push(...clock.pending); return Promise.resolve(answer(200)); },
    timeoutMs: 4321, ...clock,
  });
  assert.deepEqual(pendingDuring, [4321]);
});

test("a stalled request is aborted when its time is up and fails as a timeout", async () => {
  const clock = fakeClock();
  const stalled = request("/s", {}, {
    fetchFn: (url, { signal }) => new Promise((resolve, reject) => {
      signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    }),
    timeoutMs: 10000, ...clock,
  });
  clock.fire();
  await assert.rejects(stalled, (error) => error instanceof TimeoutError && isTimeout(error));
});

test("a failed fetch stays the network's error, not a timeout", async () => {
  const clock = fakeClock();
  const failed = request("/s", {}, {
    fetchFn: () => Promise.reject(new TypeError("Failed to fetch")), timeoutMs: 10000, ...clock,
  });
  await assert.rejects(failed, (error) => error instanceof TypeError && !isTimeout(error));
  assert.deepEqual(clock.pending, []);
});

test("one retry waits at a time and the pauses grow", () => {
  const clock = fakeClock();
  const retry = createRetry({ baseMs: 1000, capMs: 15000, random: () => 0.5, ...clock });
  let runs = 0;
  const run = () => { runs++; };
  assert.equal(retry.later(run), 750);
  assert.equal(retry.later(run), null);  // already waiting
  assert.equal(retry.waiting, true);
  clock.fire();
  assert.equal(runs, 1);
  assert.equal(retry.waiting, false);
  assert.equal(retry.later(run), 1500);
});

test("a success starts the pauses from the beginning again", () => {
  const clock = fakeClock();
  const retry = createRetry({ baseMs: 1000, capMs: 15000, random: () => 0.5, ...clock });
  retry.later(() => {});
  clock.fire();
  retry.later(() => {});
  retry.succeeded();
  assert.equal(retry.waiting, false);
  assert.deepEqual(clock.pending, []);
  assert.equal(retry.later(() => {}), 750);
});

test("the network back runs at once and drops the pause", () => {
  const clock = fakeClock();
  const retry = createRetry({ baseMs: 1000, capMs: 15000, random: () => 0.5, ...clock });
  let runs = 0;
  retry.later(() => { runs++; });
  retry.now(() => { runs += 10; });
  assert.equal(runs, 10);
  assert.deepEqual(clock.pending, []);
});
