// Buttons that cannot contradict each other (the engine's rules, docs/rules.md §5.2): the
// game form's choices as plain data, tidied after every tap. Pure: the page reads the form into
// a state, and writes the tidied state back.
//
// state: the radios `type`, `declarer`, `direction`, `spitzen`, `result`, `level` (the value,
// null when none is chosen) and the checkboxes `hand`, `ouvert`, `schneider_announced`,
// `schwarz_announced`, `kontra`, `re` (true/false).

export const RADIOS = ["type", "declarer", "direction", "spitzen", "result", "level"];
export const FLAGS = ["hand", "ouvert", "schneider_announced", "schwarz_announced", "kontra", "re"];

// The state after the tap on `changed` ({ name, checked }; null when the page opens).
export function tidied(state, changed) {
  const s = { ...state };
  const type = s.type;
  const isNull = type === "null";
  if (type === "passed") {  // eingepasst: nobody played anything
    s.declarer = s.spitzen = s.result = null;
    for (const flag of FLAGS) { s[flag] = false; }
    s.direction = "mit";
    s.level = "";
    return s;
  }
  if (isNull) {  // Null has no Spitzen, no Schneider or Schwarz
    s.spitzen = null;
    s.direction = "mit";
    s.schneider_announced = s.schwarz_announced = false;
    s.level = "";
  }
  const isSuit = !!type && !isNull;
  const name = changed && changed.name;
  const on = !!(changed && changed.checked);
  if (isSuit && s.ouvert && (name === "ouvert" || name === "type")) {
    s.hand = s.schneider_announced = s.schwarz_announced = true;  // ouvert: everything announced
  }
  if (name === "schwarz_announced" && on) { s.schneider_announced = true; }
  if ((name === "schneider_announced" || name === "schwarz_announced") && on) { s.hand = true; }
  if (name === "schneider_announced" && !on) { s.schwarz_announced = false; }
  if (isSuit && name === "schwarz_announced" && !on) { s.ouvert = false; }
  if (name === "hand" && !on) {
    s.schneider_announced = s.schwarz_announced = false;
    if (isSuit) { s.ouvert = false; }
  }
  if (isSuit && !s.schneider_announced) { s.schwarz_announced = s.ouvert = false; }
  if (name === "re" && on) { s.kontra = true; }
  if (name === "kontra" && !on) { s.re = false; }
  return s;
}
