// What the phone says (static/table/messages.js): the four messages told apart.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as say from "../../static/table/messages.js";
import { TimeoutError } from "../../static/table/retry.js";

const waiting = { id: "a", number: 3, text: "Spiel 3: …" };

test("the four messages are the ones the players read", () => {
  assert.equal(say.OFFLINE, "Kein Netz – wird gesendet, sobald das Netz wieder da ist");
  assert.equal(say.BUSY, "Server beschäftigt, versucht es gleich wieder");
  assert.equal(say.refusal("Platz 9 gibt es nicht."), "Abgelehnt: Platz 9 gibt es nicht.");
  assert.equal(say.REPLACING, "Wird ersetzt …");
});

test("a failed fetch is no network, a timeout is a busy server", () => {
  assert.equal(say.outcomeOfError(new TypeError("Failed to fetch")), "offline");
  assert.equal(say.outcomeOfError(new TimeoutError("/s", 10000)), "busy");
});

test("502, 503 and 504 are a busy server, and so are 408 and 429", () => {
  for (const status of [502, 503, 504, 408, 429]) {
    assert.equal(say.outcomeOfAnswer({ status }), "busy", String(status));
  }
});

test("a 4xx with the server's reason is a refusal; 403 is tried again with a new token", () => {
  assert.equal(say.outcomeOfAnswer({ status: 400 }), "refused");
  assert.equal(say.outcomeOfAnswer({ status: 422 }), "refused");
  assert.equal(say.outcomeOfAnswer({ status: 403 }), "again");
  assert.equal(say.retried("again"), true);
  assert.equal(say.retried("refused"), false);
});

test("saved, conflict, closed and a link that is gone are told apart from refusals", () => {
  assert.equal(say.outcomeOfAnswer({ status: 200 }), "saved");
  assert.equal(say.outcomeOfAnswer({ status: 409 }), "conflict");
  assert.equal(say.outcomeOfAnswer({ status: 400, result: "closed" }), "closed");
  assert.equal(say.outcomeOfAnswer({ status: 404, linkGone: true }), "link-gone");
  assert.equal(say.outcomeOfAnswer({ status: 404 }), "refused");
  assert.equal(say.outcomeOfAnswer({ status: 500 }), "failed");
});

test("the pending note says no network only when the network failed", () => {
  assert.equal(say.pendingNote({ first: waiting, trouble: "offline" }).text, say.OFFLINE);
  assert.equal(say.pendingNote({ first: waiting, trouble: "busy" }).text, say.BUSY);
  assert.equal(say.pendingNote({ first: waiting, trouble: "failed" }).text, say.BUSY);
  assert.doesNotMatch(say.pendingNote({ first: waiting, trouble: null }).text, /Netz/);
});

test("a replace under way says so, whatever the last try said", () => {
  const replacing = { ...waiting, replace: "4" };
  assert.equal(say.pendingNote({ first: replacing, sending: true, trouble: "offline" }).text,
    say.REPLACING);
  assert.equal(say.pendingNote({ first: replacing, sending: false }).text, say.REPLACING);
});

test("a link that is gone outweighs everything else", () => {
  const note = say.pendingNote({ first: waiting, linkGone: true, trouble: "offline" });
  assert.match(note.text, /^Dieser Link gilt nicht mehr/);
  assert.equal(note.warn, true);
});

test("a held game asks the players, a conflict asks which game is right", () => {
  assert.equal(say.pendingNote({ first: { ...waiting, state: "held" } }).text, say.HELD_NOTE);
  assert.match(say.pendingNote({ first: { ...waiting, state: "conflict" } }).text,
    /^Für Spiel 3 ist schon ein anderes Spiel gespeichert/);
});

test("the title says not saved for refused, closed and held games", () => {
  assert.equal(say.pendingTitle([waiting, waiting]), "Noch nicht gesendet (2)");
  assert.equal(say.pendingTitle([{ ...waiting, state: "refused" }]), "Nicht gespeichert (1)");
  assert.equal(say.pendingTitle([{ ...waiting, state: "held" }]), "Nicht gespeichert (1)");
  assert.equal(say.pendingTitle([{ ...waiting, state: "refused", closed: true }]),
    "Nicht gespeichert (1)");
});

test("a refusal without the server's words still names the status", () => {
  assert.equal(say.refusedMessage("", 422), "Abgelehnt: Der Server hat dieses Spiel nicht angenommen (422).");
  assert.equal(say.refusedMessage("Spiel 3: Platz 5 gibt es nicht.", 400),
    "Abgelehnt: Spiel 3: Platz 5 gibt es nicht.");
});
