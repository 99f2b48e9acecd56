// Buttons that cannot contradict each other (static/table/choices.js).
import { test } from "node:test";
import assert from "node:assert/strict";

import { tidied } from "../../static/table/choices.js";

const blank = {
  type: null, declarer: null, direction: "mit", spitzen: null, result: null, level: "",
  hand: false, ouvert: false, schneider_announced: false, schwarz_announced: false,
  kontra: false, re: false,
};
const tap = (state, name, checked = true) => tidied({ ...state, [name]: checked }, { name, checked });

test("eingepasst clears the player, the Spitzen, the result and every announcement", () => {
  const played = { ...blank, type: "clubs", declarer: "2", spitzen: "2", result: "won",
    direction: "ohne", level: "schneider", hand: true, kontra: true };
  const state = tidied({ ...played, type: "passed" }, { name: "type", checked: true });
  assert.deepEqual(state, { ...blank, type: "passed" });
});

test("Null has no Spitzen and no Schneider or Schwarz, but keeps Hand and ouvert", () => {
  const suit = { ...blank, type: "clubs", spitzen: "2", direction: "ohne", hand: true,
    schneider_announced: true, schwarz_announced: true, level: "schwarz" };
  const state = tidied({ ...suit, type: "null" }, { name: "type", checked: true });
  assert.equal(state.spitzen, null);
  assert.equal(state.direction, "mit");
  assert.equal(state.schneider_announced, false);
  assert.equal(state.schwarz_announced, false);
  assert.equal(state.level, "");
  assert.equal(state.hand, true);
  assert.equal(tap({ ...blank, type: "null" }, "ouvert").ouvert, true);
});

test("Schwarz angesagt brings Schneider angesagt and Hand", () => {
  const state = tap({ ...blank, type: "spades" }, "schwarz_announced");
  assert.equal(state.schneider_announced, true);
  assert.equal(state.hand, true);
});

test("ouvert on a suit game announces Hand, Schneider and Schwarz", () => {
  const state = tap({ ...blank, type: "hearts" }, "ouvert");
  assert.deepEqual([state.hand, state.schneider_announced, state.schwarz_announced], [true, true, true]);
});

test("without Hand there is no announcement and no ouvert on a suit game", () => {
  const open = tap({ ...blank, type: "spades" }, "ouvert");
  const state = tap(open, "hand", false);
  assert.deepEqual([state.schneider_announced, state.schwarz_announced, state.ouvert],
    [false, false, false]);
});

test("taking back Schneider angesagt takes back Schwarz angesagt and ouvert", () => {
  const open = tap({ ...blank, type: "diamonds" }, "ouvert");
  const state = tap(open, "schneider_announced", false);
  assert.equal(state.schwarz_announced, false);
  assert.equal(state.ouvert, false);
  assert.equal(state.hand, true);
});

test("Re needs Kontra, and without Kontra there is no Re", () => {
  assert.equal(tap({ ...blank, type: "grand" }, "re").kontra, true);
  const both = { ...blank, type: "grand", kontra: true, re: true };
  assert.equal(tap(both, "kontra", false).re, false);
});

test("tidying leaves the state it was given untouched", () => {
  const state = { ...blank, type: "passed", hand: true };
  tidied(state, null);
  assert.equal(state.hand, true);
});
