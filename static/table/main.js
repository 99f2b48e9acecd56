// Entry at the table (the page behind a table's link), on the players' own phones: the entry
// module, loaded with <script type="module">. The pure parts are modules of their own, with
// unit tests (tests/js/): the queue (queue.js), timeouts and retries (retry.js), what the
// phone says (messages.js), the read-back without the server (readback.js) and the buttons
// that cannot contradict each other (choices.js).
//
// Without JavaScript every form posts normally and the server answers with whole pages. With
// it: "Weiter" asks the server to read the game back (the value always comes from the server's
// engine, never from here), "Ja" saves it, and only the parts that changed are swapped in.
//
// Exactly once: see queue.js. The queue belongs to the table, not to the link: when the
// Spielwart renews the link, the new link's page sends what the phone still holds. A different
// game for a number that is taken meanwhile is shown next to the stored one, and the players
// say which is right.
//
// The truth: every request has a timeout; a save that fails is tried again after a growing
// pause, and the page says why it waits: no network, a busy server, a refusal (with the
// server's reason: „Noch einmal senden“ or „Diese Eingabe verwerfen“) or a replace under way.
//
// In step: the page asks the server every few seconds (visible tab only, a conditional GET) for
// the table's version and fetches the new list when another phone or the Spielwart changed it,
// or when the Spielwart closed or reopened the event (`closed`).
//
// Closed: when the event is closed (or the link's days are over) the server refuses every write
// with its reason and `X-Entry-Result: closed`. A game the phone holds then stays on the phone,
// marked "nicht gespeichert" with that reason. Once the Spielwart reopens the event the page
// asks the players whether it still goes („Spiel 2 noch senden?“); it is never sent by itself.

import * as q from "./queue.js";
import { FLAGS, RADIOS, tidied } from "./choices.js";
import { createRetry, request } from "./retry.js";
import * as say from "./messages.js";
import { VALUE_LATER, offlineSentence, question, sentenceOf } from "./readback.js";

const POLL_MS = 4000;
const CONFIRMED_POLL_MS = 30000;  // a checked list changes rarely (only the Spielwart reopens it)
const SAVE_TIMEOUT_MS = 10000;  // a write: a save, an undo, a signature
const ASK_TIMEOUT_MS = 8000;  // the read-back, the table's state, the status fragment

function start(page) {
  const statusBox = document.getElementById("table-status");
  const totalsBox = document.getElementById("table-totals");
  const entry = document.getElementById("eingabe");
  const readbackBox = document.getElementById("readback");
  const pendingBox = document.getElementById("pending");
  const gameForm = document.getElementById("game-form");
  const lineForm = document.getElementById("line-form");
  const schedule = JSON.parse(document.getElementById("table-schedule").textContent || "{}");
  const store = q.createStore(localStorage, "skatclub-queue-table-" +
    (page.dataset.table || page.dataset.token));
  const retry = createRetry({ baseMs: 1000, capMs: 15000 });
  let pollEvery = POLL_MS;
  let sending = false;
  let trouble = null;        // the outcome of the last try that did not save ("offline", "busy")
  let linkGone = false;
  let stateTag = null;
  let tapped = null;         // the entry id the player just confirmed on this page
  let tappedInForm = false;  // … from the read-back, whose form still holds the game
  let startedAt = null;      // the game number shown when the player began this game
  let asking = false;

  const load = () => store.load();
  const save = (queue) => store.save(queue);
  const newEntryId = () => q.newEntryId(window.crypto);

  function ask(url, options, timeoutMs = ASK_TIMEOUT_MS) {
    return request(url, { credentials: "same-origin", cache: "no-store", ...options },
      { timeoutMs });
  }

  function post(url, body, timeoutMs = ASK_TIMEOUT_MS) {
    return ask(url, { method: "POST", body, headers: { "X-Entry-Partial": "1" } }, timeoutMs);
  }

  // --- the table's queue --------------------------------------------------------------------

  function serverNext() {
    const status = statusBox.querySelector(".status");
    const next = status ? parseInt(status.dataset.next, 10) : NaN;
    return isNaN(next) ? null : next;
  }

  const nextNumber = () => q.nextNumber(load(), serverNext());

  function renumberQueue() {
    save(q.renumbered(load(), serverNext() || 1));
  }

  // Earlier versions kept the queue per link; those games belong to this table's queue now.
  function adoptLinkQueue() {
    const oldKey = "skatclub-tisch-" + page.dataset.token;
    if (oldKey === store.key) { return; }
    const old = q.parseQueue(localStorage.getItem(oldKey));
    if (old.length) { save(q.adopted(old, load(), newEntryId)); }
    localStorage.removeItem(oldKey);
  }

  // --- what the phone still holds ------------------------------------------------------------

  function element(tag, className, text) {
    const el = document.createElement(tag);
    if (className) { el.className = className; }
    if (text !== undefined) { el.textContent = text; }
    return el;
  }

  function button(text, className, onClick) {
    const b = element("button", className, text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function renderQueue() {
    const queue = load();
    pendingBox.textContent = "";
    pendingBox.hidden = queue.length === 0;
    if (!queue.length) { return; }
    pendingBox.appendChild(element("h2", "", say.pendingTitle(queue)));
    const note = say.pendingNote({ first: queue[0], linkGone, trouble, sending });
    const shown = element("p", note.warn ? "conflict pending-note" : "pending-note", note.text);
    pendingBox.appendChild(shown);
    const list = element("ul", "queue");
    queue.forEach((item) => {
      const li = element("li", "", item.text);
      if (item.state === "conflict") { li.appendChild(conflictChoice(item)); }
      else if (item.state === "refused") { li.appendChild(refusedChoice(item)); }
      else if (item.state === "held") { li.appendChild(heldChoice(item)); }
      list.appendChild(li);
    });
    pendingBox.appendChild(list);
  }

  function discard(item) {
    save(q.withoutItem(load(), item.id));
    renumberQueue();
    afterQueueChange();
  }

  // „Nicht gespeichert“: the same game once more first (the usual cure: a moment later, or
  // once the Spielwart fixed what was wrong), dropping it second.
  function refusedChoice(item) {
    const box = element("div", "choice-box");
    const why = element("p", "conflict", item.message);
    why.setAttribute("role", "alert");
    box.appendChild(why);
    box.appendChild(button("Noch einmal senden", "primary big", () => release(item, {})));
    box.appendChild(button("Diese Eingabe verwerfen", "danger", () => discard(item)));
    return box;
  }

  // Refused while the event was closed, and it is open again: the players decide.
  function heldChoice(item) {
    const box = element("div", "choice-box");
    box.appendChild(element("p", "held-question", "Spiel " + item.number + " noch senden?"));
    box.appendChild(button("Spiel " + item.number + " noch senden", "primary big",
      () => release(item, {})));
    box.appendChild(button("Spiel " + item.number + " verwerfen", "danger", () => discard(item)));
    return box;
  }

  // The server's 409: both versions side by side, and the players decide. The note above the
  // list says what happened; the box shows the two versions only, once.
  function conflictChoice(item) {
    const box = element("div", "choice-box");
    box.setAttribute("role", "group");
    const versions = element("div", "versions");
    if (item.versions) {
      versions.innerHTML = item.versions;  // our server's own fragment, without its forms
    } else {
      versions.appendChild(element("p", "conflict", item.message));
    }
    box.appendChild(versions);
    // The later games keep their numbers: if the other phone entered the same games, each is
    // asked about in turn, and none is stored twice.
    box.appendChild(button("Das gespeicherte Spiel stimmt – meine Eingabe verwerfen", "secondary",
      () => { save(q.withoutItem(load(), item.id)); afterQueueChange(); }));
    if (item.storedVersion) {
      box.appendChild(button("Meine Eingabe stimmt – das gespeicherte Spiel " + item.number +
        " ersetzen", "danger", () => release(item, { replace: item.storedVersion })));
    }
    box.appendChild(button("Beide stimmen – meine Eingabe als nächstes Spiel speichern",
      "secondary", () => {
        const renumber = () => release(item, { renumber: true });
        refresh().then(renumber, renumber);
      }));
    return box;
  }

  function release(item, how) {
    save(q.released(load(), item.id, how));
    if (how.renumber) { renumberQueue(); }
    tapped = item.id;
    tappedInForm = false;
    trouble = null;
    retry.succeeded();  // the players asked for it: now, not after the last pause
    afterQueueChange();
  }

  function afterQueueChange() {
    renderQueue();
    showNext();
    sendQueue();
  }

  // --- talking to the server ----------------------------------------------------------------

  function csrfToken() {
    const input = page.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function fragment(html) {
    const holder = document.createElement("div");
    holder.innerHTML = html;
    return holder;
  }

  function errorText(html) {
    const error = fragment(html).querySelector(".error");
    return error ? error.textContent.trim() : "";
  }

  function isLinkGone(status, html) {
    return status === 404 && html.indexOf("Tisch-Link gibt es nicht") !== -1;
  }

  // The table's version the page shows; answers that carry the status fragment bring the new one.
  function noteVersion(headers, withStatus) {
    const version = headers && headers.get("X-Table-Version");
    if (!version) { return; }
    if (withStatus) { page.dataset.version = version; }
    else if (version !== page.dataset.version) { refresh().catch(() => {}); }
  }

  function sendQueue() {
    const item = q.sendable(load());
    if (sending || linkGone || !item || retry.waiting) { return; }
    sending = true;
    const body = new URLSearchParams(item.body);
    body.set("csrfmiddlewaretoken", csrfToken());
    body.set("number", String(item.number));
    body.set("entry_id", item.id);
    if (item.replace) { body.set("version", item.replace); }
    if (!pendingBox.hidden || item.replace) { renderQueue(); }
    post(page.dataset.saveUrl, body, SAVE_TIMEOUT_MS).then((answer) => {
      sending = false;
      settle(item, answer);
    }, (error) => {
      sending = false;
      again(item, say.outcomeOfError(error));
    });
  }

  // No answer, or one that a moment may cure: the same game again after the next pause.
  function again(item, outcome) {
    const justTapped = tapped === item.id;
    trouble = outcome;
    if (justTapped) { letGo(); }
    if (outcome === "again") { renewCsrf(); }
    renderQueue();
    showNext();
    if (justTapped) { scrollToTop(pendingBox); }  // the players see why their game waits
    retry.later(sendQueue);
  }

  function settle(item, answer) {
    const justTapped = tapped === item.id;
    const outcome = say.outcomeOfAnswer({
      status: answer.status,
      result: answer.headers.get("X-Entry-Result"),
      linkGone: isLinkGone(answer.status, answer.text),
    });
    if (say.retried(outcome)) { again(item, outcome); return; }
    trouble = null;
    retry.succeeded();
    if (outcome === "saved") {
      save(q.withoutItem(load(), item.id));
      swapStatus(answer.text);
      noteVersion(answer.headers, true);
      if (justTapped) { letGo(); confirmSaved(item, answer.headers.get("X-Entry-Result")); }
      renderQueue();
      showNext();
      keepPageCopy();
      sendQueue();
      return;
    }
    if (outcome === "link-gone") {
      linkGone = true;
      if (justTapped) { letGo(); }
      renderQueue();
      showNext();
      return;
    }
    if (outcome === "conflict") {
      markConflict(item, answer.text);
    } else if (outcome === "closed") {
      save(q.markedRefused(load(), item.id, errorText(answer.text) ||
        "Hier lässt sich nichts mehr eintragen (" + answer.status + ").", true));
      refresh().catch(() => {});  // the entry goes, the reason shows
    } else if (justTapped && tappedInForm) {  // refused at once: the read-back says why
      tapped = null;
      save(q.withoutItem(load(), item.id));
      showReadback(answer.text, false);
      const error = readbackBox.querySelector(".error");
      if (error) { error.textContent = say.refusal(error.textContent.trim()); }
      renderQueue();
      showNext();
      return;
    } else {
      save(q.markedRefused(load(), item.id,
        say.refusedMessage(errorText(answer.text), answer.status)));
    }
    if (justTapped) { letGo(); }
    renderQueue();
    showNext();
    scrollToTop(pendingBox);
  }

  // The game the player just confirmed is answered: the read-back goes, the form starts afresh.
  function letGo() {
    tapped = null;
    if (!tappedInForm) { return; }
    clearReadback();
    resetForms();
  }

  // A page kept by the service worker can carry a CSRF token that is no longer the browser's
  // (a login on this phone renews it): the page as the server renders it now has the right one.
  function renewCsrf() {
    ask(page.dataset.pageUrl, {}).then((answer) => {
      const found = answer.ok && /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(answer.text);
      if (!found) { return; }
      page.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach((input) => {
        input.value = found[1];
      });
    }).catch(() => {});
  }

  function markConflict(item, html) {
    const holder = fragment(html);
    const stored = holder.querySelector("[data-stored-version]");
    const version = stored ? stored.getAttribute("data-stored-version") || stored.value || "" : "";
    // The server's words for both versions; its buttons are replaced by the queue's own, and
    // its sentence of what happened is the note above the list already.
    const shown = holder.querySelector(".readback") || holder;
    shown.querySelectorAll("button, input, select, textarea, a.button, script, h2, .error")
      .forEach((el) => el.remove());
    shown.querySelectorAll("form").forEach((form) => form.replaceWith(...form.childNodes));
    shown.querySelectorAll("[id]").forEach((el) => el.removeAttribute("id"));
    save(q.markedConflict(load(), item.id, {
      message: errorText(html) || "Für Spiel " + item.number + " ist schon ein anderes Spiel " +
        "gespeichert.",
      versions: shown.innerHTML.trim(),
      storedVersion: version,
    }));
  }

  // The event is open again: what was refused only because it was closed waits for the
  // players' word.
  function holdAfterReopening() {
    const queue = load();
    const held = q.heldAfterReopening(queue);
    if (held === queue) { return; }
    save(held);
    renderQueue();
    showNext();
  }

  // --- the page in step with the table ------------------------------------------------------

  // The table's state, asked with the last ETag: 304 costs next to nothing. Resolves true when
  // the list on this page was renewed.
  function refresh() {
    const url = page.dataset.stateUrl;
    if (!url || linkGone) { return Promise.resolve(false); }
    const headers = stateTag ? { "If-None-Match": stateTag } : {};
    return ask(url, { headers }).then((answer) => {
      if (answer.status === 304) { return false; }
      if (!answer.ok) {
        if (isLinkGone(answer.status, answer.text)) { linkGone = true; renderQueue(); }
        return false;
      }
      const tag = answer.headers.get("ETag");
      const state = JSON.parse(answer.text);
      showNotice(state.notice);
      pollEvery = state.state === "confirmed" ? CONFIRMED_POLL_MS : POLL_MS;
      // The ETag counts as seen only once the page shows that version and that state of the
      // event (closed or open).
      if (String(state.version) === page.dataset.version && !!state.closed === isClosed()) {
        stateTag = tag;
        return false;
      }
      return loadStatus().then((renewed) => {
        if (renewed) { stateTag = tag; }
        return renewed;
      });
    });
  }

  function loadStatus() {
    return ask(page.dataset.pageUrl, { headers: { "X-Entry-Partial": "1" } }).then((answer) => {
      if (!answer.ok) { return false; }
      // A fetch that left before a save or a replace this phone made may answer after it:
      // its older list must not wipe out the newer one and its confirmation.
      const fetched = Number(answer.headers.get("X-Table-Version"));
      if (fetched < Number(page.dataset.version)) { return false; }
      const before = serverNext();
      swapStatus(answer.text);
      noteVersion(answer.headers, true);
      showNext();
      keepPageCopy();
      if (before !== serverNext()) { followReadback(); }
      return true;
    });
  }

  // One question at a time, like live.js: a busy server gets no second poll from this phone
  // while the first is unanswered (1,400 phones would otherwise pile up on it); the request's
  // timeout frees the phone again.
  function poll() {
    if (document.visibilityState && document.visibilityState !== "visible") { return; }
    if (asking) { return; }
    asking = true;
    refresh().catch(() => {}).then(() => { asking = false; });
  }

  // A little jitter keeps the phones of a hall from asking in the same instant.
  function pollLater() {
    window.setTimeout(() => { poll(); pollLater(); }, pollEvery * (0.85 + Math.random() * 0.3));
  }

  function showNotice(text) {
    let box = document.getElementById("table-notice");
    if (!text) { if (box) { box.hidden = true; } return; }
    if (!box) {
      box = element("p", "notice banner");
      box.id = "table-notice";
      box.setAttribute("role", "status");
      page.insertBefore(box, totalsBox);
    }
    box.textContent = text;
    box.hidden = false;
  }

  // A read-back is open while another phone saved that number: read the same game back again
  // as the next number, and say why.
  function followReadback() {
    const form = readbackBox.querySelector("form[data-save]");
    if (!form || form.dataset.sending) { return; }
    const number = nextNumber();
    const shown = parseInt((form.querySelector("input[name=number]") || {}).value, 10);
    if (number === null || shown === number) { return; }
    const body = new FormData();
    body.set("csrfmiddlewaretoken", csrfToken());
    body.set("number", String(number));
    body.set("line", (form.querySelector("input[name=line]") || {}).value || "");
    post(page.dataset.previewUrl, body).then((answer) => {
      showReadback(answer.text, false);
      noteVersion(answer.headers, false);
      sayBehind(shown);
    }).catch(() => {});
  }

  function sayBehind(started) {
    const last = statusBox.querySelector("#last-game");
    const text = "Inzwischen wurde am Tisch weiter erfasst: " +
      (last ? last.textContent.trim() + ". " : "") +
      "Ihre Eingabe ist jetzt Spiel " + nextNumber() + " (statt Spiel " + started + "). " +
      "Bitte prüfen, ob sie nicht dasselbe Spiel ist.";
    const note = element("p", "notice behind", text);
    note.setAttribute("role", "alert");
    readbackBox.insertBefore(note, readbackBox.firstChild);
    scrollToTop(note);
  }

  // --- what the page shows ------------------------------------------------------------------

  function swapStatus(html) {
    const open = {};
    statusBox.querySelectorAll("details[class]").forEach((d) => { open[d.className] = d.open; });
    statusBox.innerHTML = html;
    statusBox.querySelectorAll("details[class]").forEach((d) => {
      if (open[d.className] !== undefined && d.className !== "undo") { d.open = open[d.className]; }
    });
    const bar = statusBox.querySelector(".totals-bar");
    if (bar) { totalsBox.replaceChildren(bar); }
    const status = statusBox.querySelector(".status");
    entry.hidden = !status || status.dataset.open !== "ja" || isClosed();
    const note = document.getElementById("offline-hinweis");
    if (note) { note.hidden = entry.hidden; }
    if (status && !isClosed()) { holdAfterReopening(); }
  }

  // Whether the page shows the link as closed (the event closed, or its days over).
  function isClosed() {
    return !!statusBox.querySelector(".status[data-closed]");
  }

  function clearReadback() { readbackBox.textContent = ""; }

  function showReadback(html, offline) {
    readbackBox.innerHTML = html;
    const box = readbackBox.querySelector(".readback");
    if (!box) { return; }
    if (offline) { box.classList.add("offline"); }
    scrollToTop(box);
    const yes = box.querySelector("button");
    (yes || box).focus({ preventScroll: true });
  }

  // Into view below the running totals, which stay stuck to the top of the screen.
  function scrollToTop(el) {
    const top = el.getBoundingClientRect().top + window.pageYOffset - totalsBox.offsetHeight - 8;
    window.scrollTo(0, Math.max(0, top));
  }

  function confirmSaved(item, result) {
    let saved = statusBox.querySelector("#gespeichert");
    const next = nextNumber();
    if (!saved) {
      saved = element("section", "saved notice ok");
      saved.id = "gespeichert";
      const last = statusBox.querySelector("#last-game");
      saved.appendChild(element("p", "", result === "already-saved" ?
        "Spiel " + item.number + " ist schon gespeichert." :
        "Gespeichert: " + (last ? last.textContent.trim() : "Spiel " + item.number)));
      const status = statusBox.querySelector(".status") || statusBox;
      status.insertBefore(saved, status.firstChild);
    }
    if (next !== null && !entry.hidden && saved.textContent.indexOf("Spiel " + next) === -1) {
      const onward = element("a", "button secondary onward", "Weiter mit Spiel " + next + " ↓");
      onward.href = "#next-game";
      saved.appendChild(onward);
    }
    saved.setAttribute("tabindex", "-1");
    scrollToTop(saved);
    saved.focus({ preventScroll: true });
  }

  // Asks the service worker (where there is one) to keep this page as it is now.
  function keepPageCopy() {
    const sw = navigator.serviceWorker;
    if (sw && sw.controller) { sw.controller.postMessage({ refresh: page.dataset.pageUrl }); }
  }

  // --- the form follows the game number (also offline: the schedule came from the server) ---

  function showNext() {
    const number = nextNumber();
    const next = schedule[String(number)];
    page.querySelectorAll("input[data-number]").forEach((input) => {
      input.value = number === null ? "" : String(number);
    });
    const label = page.querySelector("[data-next-number]");
    if (label) { label.textContent = String(number); }
    const dealer = page.querySelector("[data-dealer]");
    if (dealer && next) { dealer.textContent = next.dealer_text; }
    gameForm.querySelectorAll("input[name=declarer]").forEach((input) => {
      input.disabled = !!next && next.playing.indexOf(parseInt(input.value, 10)) === -1;
      if (input.disabled) { input.checked = false; }
    });
    if (next === undefined && load().length) { entry.hidden = true; }
  }

  function resetForms() {
    gameForm.reset();
    lineForm.reset();
    lineForm.querySelector("#id_line").value = "";
    startedAt = null;
    showNext();
  }

  // --- buttons that cannot contradict each other (choices.js) -------------------------------

  function readChoices() {
    const state = {};
    for (const name of RADIOS) {
      const checked = gameForm.querySelector("input[name=" + name + "]:checked");
      state[name] = checked ? checked.value : null;
    }
    for (const name of FLAGS) {
      const box = gameForm.querySelector("input[name=" + name + "]");
      state[name] = !!(box && box.checked);
    }
    return state;
  }

  function writeChoices(state) {
    for (const name of RADIOS) {
      gameForm.querySelectorAll("input[name=" + name + "]").forEach((input) => {
        input.checked = state[name] !== null && input.value === state[name];
      });
    }
    for (const name of FLAGS) {
      const box = gameForm.querySelector("input[name=" + name + "]");
      if (box) { box.checked = state[name]; }
    }
  }

  function tidyChoices(changed) {
    writeChoices(tidied(readChoices(), changed && { name: changed.name, checked: changed.checked }));
  }

  // --- without the server -------------------------------------------------------------------

  // The seats' names, as the buttons show them.
  function seatNames() {
    const names = {};
    gameForm.querySelectorAll("input[name=declarer]").forEach((input) => {
      names[input.value] = input.dataset.say;
    });
    return names;
  }

  // The read-back without the server: the game in words with the players' names, no value.
  function sentenceFor(form) {
    const line = form.querySelector("#id_line");
    if (line) { return offlineSentence(nextNumber(), { line: line.value, names: seatNames() }); }
    const choices = {};
    new FormData(form).forEach((value, name) => { choices[name] = value; });
    const type = form.querySelector("input[name=type]:checked");
    return offlineSentence(nextNumber(), {
      choices, typeWord: type ? type.dataset.say : "", names: seatNames(),
    });
  }

  function offlineReadback(form, heading) {
    const sentence = sentenceFor(form);
    const html = '<section class="readback" tabindex="-1"><h2></h2>' +
      '<p class="say"></p><p class="value-later"></p>' +
      '<div class="readback-actions"><button type="button" class="primary big" data-keep>' +
      "Ja, richtig – auf dem Handy merken</button>" +
      '<a class="button secondary big" href="#eingabe" data-cancel>Nein, ändern</a></div></section>';
    showReadback(html, true);
    readbackBox.querySelector("h2").textContent = heading;
    readbackBox.querySelector(".say").textContent = question(sentence);
    readbackBox.querySelector(".value-later").textContent = VALUE_LATER + ".";
    const keep = readbackBox.querySelector("[data-keep]");
    keep.addEventListener("click", () => {
      if (keep.disabled) { return; }
      keep.disabled = true;  // a double tap keeps the game once
      const body = new URLSearchParams(new FormData(form));
      body.delete("csrfmiddlewaretoken");
      save(q.appended(load(), {
        id: newEntryId(), number: nextNumber(), body: body.toString(), text: sentence,
      }));
      clearReadback();
      resetForms();
      renderQueue();
      retry.later(sendQueue);
    });
  }

  function offlineNote(worker) {
    let note = document.getElementById("offline-hinweis");
    if (!note) {
      note = element("p", "offline-note muted");
      note.id = "offline-hinweis";
      page.appendChild(note);  // below the read-back, which follows the form directly
    }
    note.textContent = worker ?
      "Ohne Netz: Diese Seite öffnet sich auf diesem Handy auch ohne Netz, auch nach dem " +
        "Neuladen. Spiele werden auf dem Handy gespeichert und gesendet, sobald das Netz " +
        "wieder da ist." :
      "Ohne Netz: Spiele werden auf diesem Handy gespeichert und gesendet, sobald das Netz " +
        "wieder da ist. Die Seite ohne Netz nicht neu laden – sie öffnet sich erst wieder mit " +
        "Netz; schon gemerkte Spiele bleiben auch dann erhalten.";
    note.hidden = entry.hidden;
  }

  // Browsers allow service workers on HTTPS and localhost only; plain HTTP keeps the queue.
  function startWorker() {
    const sw = navigator.serviceWorker;
    if (!sw || !window.isSecureContext || !page.dataset.swUrl) { offlineNote(false); return; }
    offlineNote(!!sw.controller);
    const scope = page.dataset.swUrl.replace(/[^/]*$/, "");
    sw.register(page.dataset.swUrl, { scope }).then(() => sw.ready).then(() => {
      if (sw.controller) { offlineNote(true); keepPageCopy(); }
    }).catch(() => offlineNote(false));
    sw.addEventListener("controllerchange", () => { offlineNote(true); keepPageCopy(); });
  }

  // --- events ---------------------------------------------------------------------------------

  function previewGame(form) {
    const started = startedAt === null ? nextNumber() : startedAt;
    const readBack = () => {
      form.querySelector("input[data-number]").value = String(nextNumber());
      post(page.dataset.previewUrl, new FormData(form)).then((answer) => {
        const outcome = say.outcomeOfAnswer({ status: answer.status });
        if (outcome === "busy" || outcome === "failed") {  // read back here, kept for later
          trouble = "busy";
          offlineReadback(form, say.BUSY);
          return;
        }
        showReadback(answer.text, false);
        noteVersion(answer.headers, false);
        if (started !== null && nextNumber() !== started) { sayBehind(started); }
      }, (error) => {
        trouble = say.outcomeOfError(error);
        offlineReadback(form, trouble === "busy" ? say.BUSY : say.OFFLINE);
      });
    };
    refresh().then(readBack, readBack);
  }

  function saveGame(form) {
    if (form.dataset.sending) { return; }  // a second tap: the game is on its way already
    form.dataset.sending = "1";
    const submit = form.querySelector("button[type=submit]");
    if (submit) { submit.disabled = true; submit.textContent = "Wird gespeichert …"; }
    const body = new URLSearchParams(new FormData(form));
    body.delete("csrfmiddlewaretoken");
    const sentence = sentenceOf((readbackBox.querySelector(".say") || {}).textContent);
    const item = { id: form.dataset.entryId || newEntryId(),
      number: parseInt(body.get("number"), 10), body: body.toString(), text: sentence };
    form.dataset.entryId = item.id;
    save(q.appended(load(), item));
    tapped = item.id;
    tappedInForm = true;
    retry.succeeded();  // the players' tap: now, not after the last pause
    sendQueue();
    if (!sending) {  // not sent now (the link is no longer valid): the queue shows it
      letGo();
      renderQueue();
      showNext();
    }
  }

  function statusForm(form) {
    post(form.action, new FormData(form), SAVE_TIMEOUT_MS).then((answer) => {
      if (answer.status === 200 && fragment(answer.text).querySelector(".status")) {
        swapStatus(answer.text);
        noteVersion(answer.headers, true);
        clearReadback();
        resetForms();
        keepPageCopy();
      } else {  // an error, or a step to confirm (signing): shown where the read-back goes
        showReadback(answer.text, false);
        noteVersion(answer.headers, false);
        if (answer.headers.get("X-Entry-Result") === "closed") { refresh().catch(() => {}); }
      }
    }).catch((error) => {
      const text = say.outcomeOfError(error) === "busy" ? say.BUSY : say.OFFLINE;
      showReadback('<section class="readback offline"><p class="error" role="alert"></p>' +
        "</section>", true);
      readbackBox.querySelector(".error").textContent = text + ": bitte gleich noch einmal " +
        "versuchen.";
    });
  }

  page.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.hasAttribute("data-game-form")) {
      event.preventDefault();
      nextGame(form);
    } else if (form.hasAttribute("data-save")) {
      event.preventDefault();
      saveGame(form);
    } else if (form.hasAttribute("data-status-form")) {
      event.preventDefault();
      statusForm(form);
    }
  });

  function nextGame(form) {
    // While the confirmed game is on its way the form still holds that game: "Weiter" now
    // would read the same game back as the next one.
    if (tapped !== null) { return; }
    if (load().length) {  // keep the order: behind what the phone still holds
      form.querySelector("input[data-number]").value = String(nextNumber());
      offlineReadback(form, "Kommt hinter die Spiele, die noch warten");
      return;
    }
    previewGame(form);
  }

  gameForm.addEventListener("change", (event) => {
    if (startedAt === null) { startedAt = nextNumber(); }
    tidyChoices(event.target);
  });
  lineForm.addEventListener("input", () => {
    if (startedAt === null) { startedAt = nextNumber(); }
  });

  page.addEventListener("click", (event) => {
    const cancel = event.target.closest("[data-cancel]");
    if (!cancel) { return; }
    event.preventDefault();
    clearReadback();
    const first = gameForm.querySelector("input:checked") ||
      gameForm.querySelector("input[type=radio]");
    scrollToTop(gameForm);
    if (first) { first.focus({ preventScroll: true }); }
  });

  // The network is back: what waits goes now, not after the rest of its pause.
  window.addEventListener("online", () => retry.now(sendQueue));
  window.addEventListener("online", poll);
  document.addEventListener("visibilitychange", () => { poll(); sendQueue(); });
  // Back and forward: the page may come from the browser's memory; bring it up to date.
  window.addEventListener("pageshow", (event) => { if (event.persisted) { poll(); } });
  window.addEventListener("storage", (event) => {
    if (event.key === store.key) { renderQueue(); showNext(); }
  });
  pollLater();
  adoptLinkQueue();
  tidyChoices(null);
  if (!isClosed()) { holdAfterReopening(); }
  renderQueue();
  showNext();
  startWorker();
  sendQueue();
  poll();
}

const tablePage = document.getElementById("table-page");
if (tablePage && window.fetch && window.localStorage && window.AbortController) {
  start(tablePage);
}
