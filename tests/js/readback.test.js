// The read-back without the server (static/table/readback.js): words with names, no value.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as rb from "../../static/table/readback.js";

const names = { 1: "Anna", 2: "Bernd", 3: "Carla", 4: "Dieter" };

test("a typed line is read back in words with the player's name", () => {
  const sentence = rb.offlineSentence(10, { line: "1 He m1 H", names });
  assert.equal(rb.question(sentence), "Spiel 10: Anna spielt Herz mit 1, Hand, gewonnen — richtig?");
});

test("a lost game without Spitzen, and Schneider reached, in words", () => {
  assert.equal(rb.offlineSentence(4, { line: "2 Gr o3 v S", names }),
    "Spiel 4: Bernd spielt Grand ohne 3, verloren Schneider");
  assert.equal(rb.offlineSentence(5, { line: "4 null v", names }),
    "Spiel 5: Dieter spielt Null, verloren");
});

test("ouvert on a suit game implies Hand, and the strongest announcement is said once", () => {
  assert.equal(rb.offlineSentence(1, { line: "3 Kr m2 ouv", names }),
    "Spiel 1: Carla spielt Kreuz mit 2, Hand, ouvert, gewonnen");
  assert.equal(rb.offlineSentence(1, { line: "3 Kr m2 H SA ZA", names }),
    "Spiel 1: Carla spielt Kreuz mit 2, Hand, Schwarz angesagt, gewonnen");
});

test("Kontra, Re, Bock and the bid are read back; Augen leave the result to the server", () => {
  assert.equal(rb.offlineSentence(2, { line: "1 Pi m1 r23 K Re B2 a75", names }),
    "Spiel 2: Anna spielt Pik mit 1, Kontra, Re, 2× Bock, Reizwert 23, mit 75 Augen");
});

test("eingepasst is one word", () => {
  assert.equal(rb.offlineSentence(7, { line: "p", names }), "Spiel 7: eingepasst");
  assert.equal(rb.offlineSentence(7, { line: "eingepasst", names }), "Spiel 7: eingepasst");
});

test("a Ramsch is said once, with the players' Augen", () => {
  const sentence = rb.offlineSentence(8, { line: "R 1:65 2:40 3:15 s1 j3", names });
  assert.equal(sentence, "Spiel 8: Ramsch, Augen: Anna 65, Bernd 40, Carla 15, 1× geschoben, Jungfrau: Carla");
  assert.doesNotMatch(sentence, /Ramsch, Ramsch/);
  assert.equal(rb.offlineSentence(8, { line: "R 2:55", names }),
    "Spiel 8: Ramsch, Augen des Verlierers: Bernd 55");
});

test("a line the phone cannot read stays as typed, for the server to judge", () => {
  assert.equal(rb.gameOfLine("9 Kr m2"), null);
  assert.equal(rb.gameOfLine("2 Kr m2 m3"), null);
  assert.equal(rb.gameOfLine("2 Kr m2 o3"), null);
  assert.equal(rb.offlineSentence(3, { line: " 2 Xy m2 ", names }), "Spiel 3: 2 Xy m2");
});

test("the buttons' choices are read back in the same words as the line", () => {
  const choices = { type: "hearts", declarer: "1", direction: "mit", spitzen: "1", hand: "on",
    result: "won", level: "" };
  assert.equal(rb.offlineSentence(10, { choices, typeWord: "Herz", names }),
    rb.offlineSentence(10, { line: "1 He m1 H", names }));
});

test("the buttons' ohne, Schneider and passed in", () => {
  const choices = { type: "clubs", declarer: "2", direction: "ohne", spitzen: "2", result: "lost",
    level: "schneider" };
  assert.equal(rb.offlineSentence(3, { choices, typeWord: "Kreuz", names }),
    "Spiel 3: Bernd spielt Kreuz ohne 2, verloren Schneider");
  assert.equal(rb.offlineSentence(3, { choices: { type: "passed" }, typeWord: "eingepasst", names }),
    "Spiel 3: eingepasst");
});

test("a seat without a name is said as its place", () => {
  assert.equal(rb.offlineSentence(1, { line: "5 Ka m1", names }), "Spiel 1: Platz 5 spielt Karo mit 1, gewonnen");
});

test("the value is promised for after the save, and the question comes off again", () => {
  assert.equal(rb.VALUE_LATER, "Wert kommt, sobald gespeichert");
  assert.equal(rb.sentenceOf("Spiel 2: eingepasst — richtig?"), "Spiel 2: eingepasst");
  assert.equal(rb.sentenceOf(undefined), "");
});
