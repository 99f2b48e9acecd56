// The pending-saves queue (static/table/queue.js): pure list operations and the store.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as q from "../../static/table/queue.js";

const game = (id, number, extra = {}) => ({ id, number, body: "line=2+Kr+m2", text: "t", ...extra });

function memoryStorage() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
    items,
  };
}

test("the next number follows the last held game, else it is the server's", () => {
  assert.equal(q.nextNumber([], 7), 7);
  assert.equal(q.nextNumber([game("a", 7), game("b", 8)], 7), 9);
  assert.equal(q.nextNumber([], null), null);
});

test("only the first game is sent, and only while it waits for nothing", () => {
  assert.equal(q.sendable([]), null);
  assert.equal(q.sendable([game("a", 1), game("b", 2)]).id, "a");
  assert.equal(q.sendable([game("a", 1, { state: "refused" }), game("b", 2)]), null);
  assert.equal(q.sendable([game("a", 1, { state: "held" })]), null);
});

test("a game appended twice with the same id is held once", () => {
  const once = q.appended([], game("a", 1));
  assert.deepEqual(q.appended(once, game("a", 1)), once);
  assert.equal(q.appended(once, game("b", 2)).length, 2);
});

test("dropping a game leaves the others in their order and the old list untouched", () => {
  const queue = [game("a", 1), game("b", 2), game("c", 3)];
  assert.deepEqual(q.withoutItem(queue, "b").map((item) => item.id), ["a", "c"]);
  assert.equal(queue.length, 3);
});

test("renumbering gives consecutive numbers from the server's next game on", () => {
  const queue = [game("a", 4), game("b", 6)];
  assert.deepEqual(q.renumbered(queue, 5).map((item) => item.number), [5, 6]);
  assert.equal(queue[0].number, 4);
});

test("a refusal keeps the server's reason and says whether the link was closed", () => {
  const refused = q.markedRefused([game("a", 1)], "a", "Abgelehnt: Platz 9 gibt es nicht.");
  assert.equal(refused[0].state, "refused");
  assert.equal(refused[0].message, "Abgelehnt: Platz 9 gibt es nicht.");
  assert.equal(refused[0].closed, undefined);
  assert.equal(q.markedRefused([game("a", 1)], "a", "zu", true)[0].closed, true);
});

test("a conflict forgets a replace that was on its way and keeps the stored version", () => {
  const queue = [game("a", 1, { replace: "3" })];
  const [item] = q.markedConflict(queue, "a", { message: "m", versions: "<p>v</p>", storedVersion: "4" });
  assert.equal(item.state, "conflict");
  assert.equal(item.storedVersion, "4");
  assert.equal(item.replace, undefined);
});

test("after reopening a game refused while closed is held for the players, not sent", () => {
  const queue = [game("a", 2, { state: "refused", message: "zu", closed: true }), game("b", 3)];
  const held = q.heldAfterReopening(queue);
  assert.equal(held[0].state, "held");
  assert.equal(held[0].closed, undefined);
  assert.equal(held[0].message, undefined);
  assert.equal(q.sendable(held), null);
});

test("reopening with nothing refused as closed changes nothing", () => {
  const queue = [game("a", 1, { state: "refused", message: "x" })];
  assert.equal(q.heldAfterReopening(queue), queue);
});

test("the players' word releases a game, to replace the stored one when they say so", () => {
  const queue = [game("a", 1, { state: "conflict", message: "m", versions: "v", storedVersion: "4" })];
  const plain = q.released(queue, "a");
  assert.equal(plain[0].state, undefined);
  assert.equal(plain[0].versions, undefined);
  assert.equal(plain[0].replace, undefined);
  assert.equal(q.sendable(plain).id, "a");
  assert.equal(q.released(queue, "a", { replace: "4" })[0].replace, "4");
});

test("games of a link's earlier queue go in front, each with an id", () => {
  let made = 0;
  const moved = q.adopted([{ number: 1, body: "b", text: "t" }, { id: "x", number: 2 }],
    [game("c", 3)], () => "new-" + ++made);
  assert.deepEqual(moved.map((item) => item.id), ["new-1", "x", "c"]);
});

test("an unreadable stored queue is an empty one", () => {
  assert.deepEqual(q.parseQueue(null), []);
  assert.deepEqual(q.parseQueue("{kaputt"), []);
  assert.deepEqual(q.parseQueue('{"id": 1}'), []);
  assert.deepEqual(q.parseQueue('[null, {"id": "a", "number": 1}]'), [{ id: "a", number: 1 }]);
});

test("the store keeps the queue under its key and removes the key when it is empty", () => {
  const storage = memoryStorage();
  const store = q.createStore(storage, "skatclub-queue-table-7");
  store.save([game("a", 1)]);
  assert.equal(store.load()[0].id, "a");
  store.save([]);
  assert.equal(storage.items.has("skatclub-queue-table-7"), false);
});

test("entry ids come from randomUUID, else from random bytes as 32 hex digits", () => {
  assert.equal(q.newEntryId({ randomUUID: () => "uuid-1" }), "uuid-1");
  const id = q.newEntryId({ getRandomValues: (bytes) => bytes.fill(171) });
  assert.equal(id, "ab".repeat(16));
  assert.match(q.newEntryId(undefined, () => 0.5), /^(80){16}$/);
});
