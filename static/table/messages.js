// What the phone says about a save: it tells apart no network, a busy server, a refusal with
// the server's reason and a replace in progress, instead of blaming the network for all.
//
// `outcomeOfAnswer` and `outcomeOfError` turn what came back into one outcome kind; the texts
// below are what the players read for it.

import { isTimeout } from "./retry.js";

export const OFFLINE = "Kein Netz – wird gesendet, sobald das Netz wieder da ist";
export const BUSY = "Server beschäftigt, versucht es gleich wieder";
export const REPLACING = "Wird ersetzt …";
export const SENDING = "Wird gesendet …";
export const LINK_GONE = "Dieser Link gilt nicht mehr. Bitte den neuen QR-Code des Tisches " +
  "scannen: Die Spiele hier werden dann von dort gesendet, jedes genau einmal.";
export const HELD_NOTE = "Die Eingabe ist wieder offen. Diese Spiele waren nicht gespeichert: " +
  "Bitte gemeinsam entscheiden, ob sie noch gesendet werden.";

const BUSY_STATUSES = new Set([502, 503, 504]);
// Worth the same request again in a moment: the CSRF token renewed (403), the server's own
// "too slow" and "too many" (408, 429).
const AGAIN_STATUSES = new Set([403, 408, 429]);

export function refusal(reason) {
  return "Abgelehnt: " + reason;
}

// The server's answer → "saved", "link-gone", "conflict", "closed", "refused", "busy" (5xx
// that a moment may cure, and 408/429), "again" (403: a renewed token, then the same again)
// or "failed" (any other 5xx: tried again like busy, said as busy).
export function outcomeOfAnswer({ status, result, linkGone }) {
  if (status >= 200 && status < 300) { return "saved"; }
  if (linkGone) { return "link-gone"; }
  if (status === 409) { return "conflict"; }
  if (result === "closed") { return "closed"; }
  if (status === 403) { return "again"; }
  if (BUSY_STATUSES.has(status) || AGAIN_STATUSES.has(status)) { return "busy"; }
  if (status >= 400 && status < 500) { return "refused"; }
  return "failed";
}

// No answer at all: the time ran out ("busy": the network carried the request, the server did
// not answer in time) or fetch failed ("offline").
export function outcomeOfError(error) {
  return isTimeout(error) ? "busy" : "offline";
}

export function retried(outcome) {
  return outcome === "busy" || outcome === "failed" || outcome === "offline" ||
    outcome === "again";
}

// What the pending box says above the games it holds. `trouble` is the outcome of the last
// try (absent before the first), `sending` whether a request is under way now.
export function pendingNote({ first, linkGone, trouble, sending }) {
  if (linkGone) { return { text: LINK_GONE, warn: true }; }
  if (!first) { return { text: "", warn: false }; }
  if (first.state === "conflict") {
    return { text: "Für Spiel " + first.number + " ist schon ein anderes Spiel gespeichert. " +
      "Bitte gemeinsam ansehen: Welches stimmt?", warn: false };
  }
  if (first.state === "held") { return { text: HELD_NOTE, warn: false }; }
  if (first.closed) {
    return { text: "Nur auf diesem Handy, nicht in der Liste: Hier lässt sich nichts mehr " +
      "eintragen. Bitte dem Spielwart zeigen; er trägt ein, was fehlt.", warn: false };
  }
  if (first.state) { return { text: "Das erste Spiel wurde abgelehnt; bitte ansehen.", warn: false }; }
  if (first.replace && sending) { return { text: REPLACING, warn: false }; }
  if (trouble === "offline") { return { text: OFFLINE, warn: true }; }
  if (trouble === "busy" || trouble === "failed") { return { text: BUSY, warn: true }; }
  if (first.replace) { return { text: REPLACING, warn: false }; }
  return { text: sending ? SENDING : "Diese Spiele sind auf diesem Handy gespeichert und werden " +
    "gleich gesendet – jedes genau einmal.", warn: false };
}

export function pendingTitle(queue) {
  const first = queue[0];
  const kept = first && (first.closed || first.state === "refused" || first.state === "held");
  return (kept ? "Nicht gespeichert (" : "Noch nicht gesendet (") + queue.length + ")";
}

// The refusal of a save in the server's words, or a plain one when it sent none.
export function refusedMessage(reason, status) {
  return refusal(reason || "Der Server hat dieses Spiel nicht angenommen (" + status + ").");
}
