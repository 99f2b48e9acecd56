// The read-back without the server: the game in words with the players' names, from the
// buttons or from a typed line ("3 He m1 H" → "Anna spielt Herz mit 1, Hand, gewonnen"). The
// value comes only from the server's engine; until the game is saved the phone says so.

export const VALUE_LATER = "Wert kommt, sobald gespeichert";

const TYPES = { kr: "Kreuz", pi: "Pik", he: "Herz", ka: "Karo", gr: "Grand", null: "Null" };
const PASSED = new Set(["p", "ep", "eingepasst"]);
const FLAGS = new Set(["h", "ouv", "sa", "za", "k", "re", "v", "s", "z", "aufg"]);
const NUMBERED = /^(m|o|r|b|a|t)([0-9]{1,4})$/;
const BOCK = /^b[0-9]?$/;
const RAMSCH_POINTS = /^([1-5]):([0-9]{1,3})$/;
const RAMSCH_NUMBERED = /^([skjdl])([0-9]{1,2})$/;

// A game as the read-back needs it, from the buttons or a line:
//   { passed } | { ramsch: { points: [[seat, Augen]], pushes, knocks, virgins, durchmarsch } }
//   | { seat, type ("Herz"), spitzen (2, −3 for ohne 3), hand, ouvert, schneiderAnnounced,
//       schwarzAnnounced, kontra, re, bock, bid, won (true/false/null: from the Augen),
//       level ("", "Schneider", "Schwarz"), points (Augen), tricks, conceded }

function bockLevel(token) {
  return token.length === 1 ? 1 : Number(token.slice(1));
}

function ramschOf(tokens) {
  const ramsch = { points: [], pushes: 0, knocks: 0, virgins: [], durchmarsch: null };
  for (const token of tokens) {
    const points = RAMSCH_POINTS.exec(token);
    const numbered = RAMSCH_NUMBERED.exec(token);
    if (points) { ramsch.points.push([Number(points[1]), Number(points[2])]); }
    else if (numbered && numbered[1] === "s") { ramsch.pushes = Number(numbered[2]); }
    else if (numbered && numbered[1] === "k") { ramsch.knocks = Number(numbered[2]); }
    else if (numbered && numbered[1] === "j") { ramsch.virgins.push(Number(numbered[2])); }
    else if (numbered && numbered[1] === "d") { ramsch.durchmarsch = Number(numbered[2]); }
    else if (!(numbered && numbered[1] === "l") && !BOCK.test(token)) { return null; }
  }
  return ramsch.points.length ? { ramsch } : null;
}

// A typed line ("2 Kr m2 H S", "p", "R 1:65 2:40 3:15") → the game, or null when the phone
// cannot read it (the server says why once it can be asked).
export function gameOfLine(line) {
  const tokens = String(line || "").trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!tokens.length) { return null; }
  if (tokens[0] === "r") { return ramschOf(tokens.slice(1)); }
  if (PASSED.has(tokens[0])) { return tokens.length === 1 ? { passed: true } : null; }
  if (!/^[1-5]$/.test(tokens[0]) || !(tokens[1] in TYPES)) { return null; }
  const game = { seat: Number(tokens[0]), type: TYPES[tokens[1]], spitzen: null, level: "" };
  const seen = {};
  for (const token of tokens.slice(2)) {
    const numbered = NUMBERED.exec(token);
    const key = FLAGS.has(token) ? token : BOCK.test(token) ? "b" : numbered ? numbered[1] : null;
    if (key === null || key in seen) { return null; }
    seen[key] = numbered ? Number(numbered[2]) : key === "b" ? bockLevel(token) : 1;
  }
  if ("m" in seen && "o" in seen) { return null; }
  const isNull = game.type === "Null";
  if ("m" in seen) { game.spitzen = seen.m; }
  if ("o" in seen) { game.spitzen = -seen.o; }
  game.ouvert = "ouv" in seen;
  game.hand = "h" in seen || (game.ouvert && !isNull);
  game.schneiderAnnounced = "sa" in seen;
  game.schwarzAnnounced = "za" in seen;
  game.kontra = "k" in seen;
  game.re = "re" in seen;
  game.bock = seen.b || 0;
  game.bid = seen.r || null;
  game.points = "a" in seen ? seen.a : null;
  game.conceded = "aufg" in seen;
  const played = "a" in seen || "t" in seen;
  game.won = "v" in seen ? false : played || game.conceded ? null : true;
  game.level = "z" in seen ? "Schwarz" : "s" in seen ? "Schneider" : "";
  return game;
}

// The buttons' choices (the form's fields by name, checkboxes as true/false) → the game.
export function gameOfChoices(choices, typeWord) {
  if (choices.type === "passed" || choices.type === "eingepasst") { return { passed: true }; }
  const spitzen = choices.spitzen ? Number(choices.spitzen) : null;
  return {
    seat: choices.declarer ? Number(choices.declarer) : null,
    type: typeWord,
    spitzen: spitzen === null ? null : choices.direction === "ohne" ? -spitzen : spitzen,
    hand: !!choices.hand,
    ouvert: !!choices.ouvert,
    schneiderAnnounced: !!choices.schneider_announced,
    schwarzAnnounced: !!choices.schwarz_announced,
    kontra: !!choices.kontra,
    re: !!choices.re,
    bock: 0,
    bid: choices.bid ? Number(choices.bid) : null,
    points: choices.card_points ? Number(choices.card_points) : null,
    conceded: false,
    won: choices.result === "won" ? true : choices.result === "lost" ? false : null,
    level: choices.level === "schneider" ? "Schneider" : choices.level === "schwarz" ? "Schwarz" : "",
  };
}

function nameOf(seat, names) {
  return (names && names[String(seat)]) || "Platz " + seat;
}

function bockWords(bock) {
  return bock === 1 ? "Bock" : bock + "× Bock";
}

function ramschWords(ramsch, names) {
  const words = ["Ramsch"];
  const augen = ramsch.points.map(([seat, points]) => nameOf(seat, names) + " " + points);
  words.push((ramsch.points.length === 1 ? "Augen des Verlierers: " : "Augen: ") + augen.join(", "));
  if (ramsch.pushes) { words.push(ramsch.pushes + "× geschoben"); }
  if (ramsch.knocks) { words.push(ramsch.knocks + "× geklopft"); }
  for (const seat of ramsch.virgins) { words.push("Jungfrau: " + nameOf(seat, names)); }
  if (ramsch.durchmarsch) { words.push("Durchmarsch: " + nameOf(ramsch.durchmarsch, names)); }
  return words.join(", ");
}

function resultWords(game) {
  const words = [];
  if (game.won !== null) { words.push(game.won ? "gewonnen" : "verloren"); }
  if (game.level) { words.push(game.level); }
  if (game.points !== null) { words.push("mit " + game.points + " Augen"); }
  if (game.conceded) { words.push("(aufgegeben)"); }
  return words.join(" ");
}

// The game in words: "Anna spielt Herz mit 1, Hand, gewonnen", "eingepasst", "Ramsch, Augen: …".
export function gameWords(game, names) {
  if (game.passed) { return "eingepasst"; }
  if (game.ramsch) { return ramschWords(game.ramsch, names); }
  let head = (game.seat ? nameOf(game.seat, names) + " spielt " : "") + game.type;
  if (game.spitzen) { head += (game.spitzen > 0 ? " mit " : " ohne ") + Math.abs(game.spitzen); }
  const parts = [head];
  if (game.hand) { parts.push("Hand"); }
  if (game.ouvert) { parts.push("ouvert"); }
  else if (game.type !== "Null" && game.schwarzAnnounced) { parts.push("Schwarz angesagt"); }
  else if (game.type !== "Null" && game.schneiderAnnounced) { parts.push("Schneider angesagt"); }
  if (game.kontra) { parts.push("Kontra"); }
  if (game.re) { parts.push("Re"); }
  if (game.bock) { parts.push(bockWords(game.bock)); }
  if (game.bid) { parts.push("Reizwert " + game.bid); }
  const result = resultWords(game);
  if (result) { parts.push(result); }
  return parts.join(", ");
}

// "Spiel 10: Anna spielt Herz mit 1, Hand, gewonnen"; a line the phone cannot read stays as
// typed.
export function offlineSentence(number, { line, choices, typeWord, names }) {
  const game = line === undefined ? gameOfChoices(choices, typeWord) : gameOfLine(line);
  const words = game ? gameWords(game, names) : String(line).trim();
  return "Spiel " + number + ": " + words;
}

export function question(sentence) {
  return sentence + " — richtig?";
}

// The sentence back from the question (what the queue shows for the game).
export function sentenceOf(question) {
  return String(question || "").replace(/ — richtig\?$/, "");
}
