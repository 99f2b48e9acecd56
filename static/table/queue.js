// The table's pending saves: the games this phone holds until the server has stored them.
//
// Exactly once: a game gets an entry id on this phone when the player first confirms it. It
// goes into the queue (localStorage, one queue per table, not per link) with that id before it
// is sent, and every resend carries the same id, so the server stores it once however often it
// arrives. The queue is a list of plain items:
//
//   { id, number, body, text, state?, message?, closed?, versions?, storedVersion?, replace? }
//
// `state` is absent for a game waiting to be sent, "conflict" (another game is stored under its
// number; the players choose), "refused" (the server said no, with `message`; `closed` when it
// said no because nothing can be entered any more) or "held" (refused while closed, and the
// event is open again: the players say whether it still goes). Only a game without a state is
// sent, and only the first: the games go in their order.
//
// Every function here is pure (a new list out, the old one untouched), except `createStore`,
// which reads and writes the list in a Storage.

export function newEntryId(cryptoApi, random = Math.random) {
  if (cryptoApi && typeof cryptoApi.randomUUID === "function") { return cryptoApi.randomUUID(); }
  // Plain HTTP on the club's LAN has no randomUUID; getRandomValues is there everywhere.
  const bytes = new Uint8Array(16);
  if (cryptoApi && typeof cryptoApi.getRandomValues === "function") {
    cryptoApi.getRandomValues(bytes);
  } else {
    for (let i = 0; i < bytes.length; i++) { bytes[i] = Math.floor(random() * 256); }
  }
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// A stored queue as text → the list (anything unreadable is an empty queue).
export function parseQueue(text) {
  if (!text) { return []; }
  let parsed;
  try { parsed = JSON.parse(text); } catch { return []; }
  return Array.isArray(parsed) ? parsed.filter((item) => item && typeof item === "object") : [];
}

export function createStore(storage, key) {
  return {
    key,
    load() { return parseQueue(storage.getItem(key)); },
    save(queue) {
      if (queue.length) { storage.setItem(key, JSON.stringify(queue)); }
      else { storage.removeItem(key); }
    },
  };
}

// The number the next game gets: behind what the phone holds, else the server's next.
export function nextNumber(queue, serverNext) {
  return queue.length ? queue[queue.length - 1].number + 1 : serverNext;
}

// The game to send now: the first, unless the players have to look at it first.
export function sendable(queue) {
  return queue.length && !queue[0].state ? queue[0] : null;
}

export function appended(queue, item) {
  return queue.some((kept) => kept.id === item.id) ? queue : [...queue, item];
}

export function withoutItem(queue, id) {
  return queue.filter((item) => item.id !== id);
}

// Consecutive numbers from `next` on (after a game was dropped or moved to the next number).
export function renumbered(queue, next) {
  return queue.map((item, i) => ({ ...item, number: next + i }));
}

function changed(queue, id, change) {
  return queue.map((item) => (item.id === id ? change({ ...item }) : item));
}

const DECISION = ["state", "message", "closed", "versions", "storedVersion"];

function plain(item) {
  for (const name of DECISION) { delete item[name]; }
  return item;
}

export function markedConflict(queue, id, { message, versions, storedVersion }) {
  return changed(queue, id, (item) => {
    delete item.replace;
    return { ...plain(item), state: "conflict", message, versions, storedVersion };
  });
}

export function markedRefused(queue, id, message, closed = false) {
  return changed(queue, id, (item) => {
    const refused = { ...plain(item), state: "refused", message };
    if (closed) { refused.closed = true; }
    return refused;
  });
}

// The event is open again: a game refused only because it was closed waits for the players
// ("Spiel 2 noch senden?"); it is not sent by itself. Unchanged (the same list) when none was.
export function heldAfterReopening(queue) {
  if (!queue.some((item) => item.closed)) { return queue; }
  return queue.map((item) => (item.closed ? { ...plain(item), state: "held" } : item));
}

// The players decided: the game goes (again), as it is, replacing the stored version
// (`replace`), or as it is once renumbered by the caller.
export function released(queue, id, { replace } = {}) {
  return changed(queue, id, (item) => {
    const out = plain(item);
    if (replace) { out.replace = replace; }
    return out;
  });
}

// Earlier versions kept the queue per link; those games belong to the table's queue now, in
// front of it.
export function adopted(old, queue, makeId) {
  const moved = old.map((item) => ({
    id: item.id || makeId(), number: item.number, body: item.body, text: item.text,
  }));
  return [...moved, ...queue];
}
