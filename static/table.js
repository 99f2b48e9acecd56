// Entry at the table (the page behind a table's link), on the players' own phones.
//
// Without JavaScript every form posts normally and the server answers with whole pages. With
// it: "Weiter" asks the server to read the game back (the value always comes from the server's
// engine, never from here), "Ja" saves it, and only the parts that changed are swapped in.
//
// Exactly once: a game gets an entry id on this phone when the player first confirms it. The
// game goes into the table's queue (localStorage) with that id before it is sent, and every
// resend carries the same id, so the server stores it once however often it arrives (a double
// tap, an answer lost on the way back, a reload). The queue belongs to the table, not to the
// link: when the Spielwart renews the link, the new link's page sends what the phone still holds.
// A different game for a number that is taken meanwhile is shown next to the stored one, and the
// players say which is right.
//
// In step: the page asks the server every few seconds (visible tab only, a conditional GET) for
// the table's version and fetches the new list when another phone or the Spielwart changed it,
// or when the Spielwart closed or reopened the event (`closed`).
//
// Closed: when the event is closed (or the link's days are over) the server refuses every write
// with its reason and `X-Entry-Result: closed`. A game the phone holds then stays on the phone,
// marked "nicht gespeichert" with that reason (the entry is gone from the page, so nothing is
// handed back to the form), and is sent again once the Spielwart reopens the event.
(function () {
  "use strict";
  var page = document.getElementById("table-page");
  if (!page || !window.fetch || !window.FormData || !window.localStorage ||
      !window.URLSearchParams || !window.Promise) { return; }

  var statusBox = document.getElementById("table-status");
  var totalsBox = document.getElementById("table-totals");
  var entry = document.getElementById("eingabe");
  var readbackBox = document.getElementById("readback");
  var pendingBox = document.getElementById("pending");
  var gameForm = document.getElementById("game-form");
  var lineForm = document.getElementById("line-form");
  var schedule = JSON.parse(document.getElementById("table-schedule").textContent || "{}");
  var queueKey = "skatclub-queue-table-" + (page.dataset.table || page.dataset.token);
  var POLL_MS = 4000;
  var CONFIRMED_POLL_MS = 30000;  // a checked list changes rarely (only the Spielwart reopens it)
  var pollEvery = POLL_MS;
  var RETRY_MS = 3000;
  var sending = false;
  var retryTimer = null;
  var linkGone = false;
  var stateTag = null;
  var tapped = null;         // the entry id the player just confirmed on this page
  var tappedInForm = false;  // … from the read-back, whose form still holds the game
  var startedAt = null;      // the game number shown when the player began this game
  var conflictNotes = {};    // entry id -> the server's two versions, while the players decide

  // --- ids and the table's queue ------------------------------------------------------------

  function newEntryId() {
    var cryptoApi = window.crypto || window.msCrypto;
    if (cryptoApi && typeof cryptoApi.randomUUID === "function") { return cryptoApi.randomUUID(); }
    // Plain HTTP on the club's LAN has no randomUUID; getRandomValues is there everywhere.
    var bytes = new Uint8Array(16);
    if (cryptoApi && cryptoApi.getRandomValues) {
      cryptoApi.getRandomValues(bytes);
    } else {
      for (var i = 0; i < 16; i++) { bytes[i] = Math.floor(Math.random() * 256); }
    }
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function loadQueue() {
    try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; }
  }
  function saveQueue(queue) {
    if (queue.length) { localStorage.setItem(queueKey, JSON.stringify(queue)); }
    else { localStorage.removeItem(queueKey); }
  }

  // Earlier versions kept the queue per link; those games belong to this table's queue now.
  function adoptLinkQueue() {
    var oldKey = "skatclub-tisch-" + page.dataset.token;
    if (oldKey === queueKey) { return; }
    var old;
    try { old = JSON.parse(localStorage.getItem(oldKey) || "[]"); } catch (e) { old = []; }
    if (!old.length) { localStorage.removeItem(oldKey); return; }
    var adopted = old.map(function (item) {
      return { id: item.id || newEntryId(), number: item.number, body: item.body, text: item.text };
    });
    saveQueue(adopted.concat(loadQueue()));
    localStorage.removeItem(oldKey);
  }

  function dropFromQueue(id) {
    saveQueue(loadQueue().filter(function (item) { return item.id !== id; }));
  }

  // Consecutive numbers from the server's next game on (after a game was dropped or moved).
  function renumberQueue() {
    var next = serverNext() || 1;
    saveQueue(loadQueue().map(function (item, i) { item.number = next + i; return item; }));
  }

  function serverNext() {
    var status = statusBox.querySelector(".status");
    var next = status ? parseInt(status.dataset.next, 10) : NaN;
    return isNaN(next) ? null : next;
  }

  function nextNumber() {
    var queue = loadQueue();
    if (queue.length) { return queue[queue.length - 1].number + 1; }
    return serverNext();
  }

  // --- what the phone still holds ------------------------------------------------------------

  function element(tag, className, text) {
    var el = document.createElement(tag);
    if (className) { el.className = className; }
    if (text !== undefined) { el.textContent = text; }
    return el;
  }

  function button(text, className, onClick) {
    var b = element("button", className, text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function renderQueue() {
    var queue = loadQueue();
    pendingBox.textContent = "";
    pendingBox.hidden = queue.length === 0;
    if (!queue.length) { return; }
    var first = queue[0];
    pendingBox.appendChild(element("h2", "", (first.closed ? "Nicht gespeichert (" :
      "Noch nicht gesendet (") + queue.length + ")"));
    var note = linkGone ? "Dieser Link gilt nicht mehr. Bitte den neuen QR-Code des Tisches " +
        "scannen: Die Spiele hier werden dann von dort gesendet, jedes genau einmal." :
      first.state === "conflict" ? "Für Spiel " + first.number + " ist schon ein anderes Spiel " +
        "gespeichert. Bitte gemeinsam ansehen: Welches stimmt?" :
      first.closed ? "Nur auf diesem Handy, nicht in der Liste: Hier lässt sich nichts mehr " +
        "eintragen. Bitte dem Spielwart zeigen; er trägt ein, was fehlt." :
      first.state ? "Das erste Spiel wurde abgelehnt; bitte ansehen." :
      "Diese Spiele sind auf diesem Handy gespeichert und werden gesendet, sobald das Netz " +
        "wieder da ist – jedes genau einmal.";
    pendingBox.appendChild(element("p", linkGone ? "conflict" : "", note));
    var list = element("ul", "queue");
    queue.forEach(function (item) {
      var li = element("li", "", item.text);
      if (item.state === "conflict") { li.appendChild(conflictChoice(item)); }
      else if (item.state === "refused") { li.appendChild(refusedChoice(item)); }
      list.appendChild(li);
    });
    pendingBox.appendChild(list);
  }

  function refusedChoice(item) {
    var box = element("div", "choice-box");
    var why = element("p", "conflict", item.message);
    why.setAttribute("role", "alert");
    box.appendChild(why);
    box.appendChild(button("Diese Eingabe verwerfen", "danger", function () {
      dropFromQueue(item.id);
      renumberQueue();
      afterQueueChange();
    }));
    return box;
  }

  // The server's 409: both versions side by side, and the players decide.
  function conflictChoice(item) {
    var box = element("div", "choice-box");
    box.setAttribute("role", "alert");
    var versions = element("div", "versions");
    if (item.versions) {
      versions.innerHTML = item.versions;  // our server's own fragment, without its forms
    } else {
      versions.appendChild(element("p", "conflict", item.message));
    }
    box.appendChild(versions);
    // The later games keep their numbers: if the other phone entered the same games, each is
    // asked about in turn, and none is stored twice.
    box.appendChild(button("Das gespeicherte Spiel stimmt – meine Eingabe verwerfen", "secondary",
      function () {
        dropFromQueue(item.id);
        afterQueueChange();
      }));
    if (item.storedVersion) {
      box.appendChild(button("Meine Eingabe stimmt – das gespeicherte Spiel " + item.number +
        " ersetzen", "danger", function () { resolve(item, { replace: item.storedVersion }); }));
    }
    box.appendChild(button("Beide stimmen – meine Eingabe als nächstes Spiel speichern", "secondary",
      function () {
        refresh().then(function () {
          resolve(item, { renumber: true });
        }, function () { resolve(item, { renumber: true }); });
      }));
    return box;
  }

  function resolve(item, how) {
    var queue = loadQueue().map(function (kept) {
      if (kept.id !== item.id) { return kept; }
      delete kept.state;
      delete kept.message;
      delete kept.versions;
      delete kept.storedVersion;
      if (how.replace) { kept.replace = how.replace; }
      return kept;
    });
    saveQueue(queue);
    if (how.renumber) { renumberQueue(); }
    tapped = item.id;
    tappedInForm = false;
    afterQueueChange();
  }

  function afterQueueChange() {
    renderQueue();
    showNext();
    sendQueue();
  }

  // --- talking to the server ----------------------------------------------------------------

  function csrfToken() {
    var field = page.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      body: body,
      headers: { "X-Entry-Partial": "1" },
      credentials: "same-origin",
      cache: "no-store"
    }).then(function (response) {
      return response.text().then(function (html) {
        return { status: response.status, html: html, headers: response.headers };
      });
    });
  }

  function fragment(html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    return holder;
  }

  function errorText(html) {
    var error = fragment(html).querySelector(".error");
    return error ? error.textContent.trim() : "";
  }

  function isLinkGone(status, html) {
    return status === 404 && html.indexOf("Tisch-Link gibt es nicht") !== -1;
  }

  // The table's version the page shows; answers that carry the status fragment bring the new one.
  function noteVersion(headers, withStatus) {
    var version = headers && headers.get("X-Table-Version");
    if (!version) { return; }
    if (withStatus) { page.dataset.version = version; }
    else if (version !== page.dataset.version) { refresh(); }
  }

  function sendQueue() {
    var queue = loadQueue();
    if (sending || linkGone || !queue.length || queue[0].state) { return; }
    sending = true;
    var item = queue[0];
    var body = new URLSearchParams(item.body);
    body.set("csrfmiddlewaretoken", csrfToken());
    body.set("number", String(item.number));
    body.set("entry_id", item.id);
    if (item.replace) { body.set("version", item.replace); }
    post(page.dataset.saveUrl, body).then(function (answer) {
      sending = false;
      settle(item, answer);
    }, function () {
      sending = false;
      if (tapped === item.id) { letGo(); }
      renderQueue();
      showNext();
      scheduleRetry();
    });
  }

  function settle(item, answer) {
    var justTapped = tapped === item.id;
    if (answer.status >= 200 && answer.status < 300) {
      dropFromQueue(item.id);
      swapStatus(answer.html);
      noteVersion(answer.headers, true);
      if (justTapped) { letGo(); confirmSaved(item, answer.headers.get("X-Entry-Result")); }
      renderQueue();
      showNext();
      keepPageCopy();
      sendQueue();
      return;
    }
    if (isLinkGone(answer.status, answer.html)) {
      linkGone = true;
      if (justTapped) { letGo(); }
      renderQueue();
      showNext();
      return;
    }
    if (answer.status === 409) {
      markConflict(item, answer.html);
    } else if (answer.headers.get("X-Entry-Result") === "closed") {
      markRefused(item, errorText(answer.html) ||
        "Hier lässt sich nichts mehr eintragen (" + answer.status + ").", true);
      refresh().catch(function () {});  // the entry goes, the reason shows
    } else if (answer.status >= 400 && answer.status < 500 && answer.status !== 403 &&
               answer.status !== 408 && answer.status !== 429) {
      if (justTapped && tappedInForm) {  // refused at once: the read-back says why
        tapped = null;
        dropFromQueue(item.id);
        showReadback(answer.html, false);
        renderQueue();
        showNext();
        return;
      }
      markRefused(item, errorText(answer.html) ||
        "Der Server hat dieses Spiel abgelehnt (" + answer.status + ").");
    } else {  // busy or a hiccup on the way: the same game again in a moment
      if (justTapped) { letGo(); }
      if (answer.status === 403) { renewCsrf(); }
      renderQueue();
      scheduleRetry();
      return;
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
    fetch(page.dataset.pageUrl, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        var found = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(html);
        if (!found) { return; }
        page.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach(function (input) {
          input.value = found[1];
        });
      }).catch(function () {});
  }

  function markConflict(item, html) {
    var holder = fragment(html);
    var stored = holder.querySelector("[data-stored-version]");
    var version = stored ? stored.getAttribute("data-stored-version") || stored.value || "" : "";
    // The server's words for both versions; its buttons are replaced by the queue's own.
    var shown = holder.querySelector(".readback") || holder;
    shown.querySelectorAll("button, input, select, textarea, a.button, script, h2")
      .forEach(function (el) { el.remove(); });
    shown.querySelectorAll("form").forEach(function (form) {
      form.replaceWith.apply(form, Array.prototype.slice.call(form.childNodes));
    });
    shown.querySelectorAll("[id]").forEach(function (el) { el.removeAttribute("id"); });
    saveQueue(loadQueue().map(function (kept) {
      if (kept.id !== item.id) { return kept; }
      kept.state = "conflict";
      kept.message = errorText(html) || "Für Spiel " + item.number +
        " ist schon ein anderes Spiel gespeichert.";
      kept.versions = shown.innerHTML.trim();
      kept.storedVersion = version;
      delete kept.replace;
      return kept;
    }));
  }

  function markRefused(item, message, closed) {
    saveQueue(loadQueue().map(function (kept) {
      if (kept.id !== item.id) { return kept; }
      kept.state = "refused";
      kept.message = message;
      if (closed) { kept.closed = true; } else { delete kept.closed; }
      return kept;
    }));
  }

  // The event is open again: what was refused only because it was closed goes again.
  function reopenQueue() {
    var queue = loadQueue();
    if (!queue.some(function (item) { return item.closed; })) { return; }
    saveQueue(queue.map(function (item) {
      if (item.closed) { delete item.state; delete item.message; delete item.closed; }
      return item;
    }));
    renderQueue();
    showNext();
    sendQueue();
  }

  function scheduleRetry() {
    if (retryTimer) { return; }
    retryTimer = window.setTimeout(function () { retryTimer = null; sendQueue(); }, RETRY_MS);
  }

  // --- the page in step with the table ------------------------------------------------------

  // The table's state, asked with the last ETag: 304 costs next to nothing. Resolves true when
  // the list on this page was renewed.
  function refresh() {
    var url = page.dataset.stateUrl;
    if (!url || linkGone) { return Promise.resolve(false); }
    var headers = {};
    if (stateTag) { headers["If-None-Match"] = stateTag; }
    return fetch(url, { headers: headers, credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (response.status === 304) { return false; }
        if (!response.ok) {
          return response.text().then(function (html) {
            if (isLinkGone(response.status, html)) { linkGone = true; renderQueue(); }
            return false;
          });
        }
        var tag = response.headers.get("ETag");
        return response.json().then(function (state) {
          showNotice(state.notice);
          pollEvery = state.state === "confirmed" ? CONFIRMED_POLL_MS : POLL_MS;
          // The ETag counts as seen only once the page shows that version and that state of
          // the event (closed or open).
          if (String(state.version) === page.dataset.version &&
              !!state.closed === isClosed()) { stateTag = tag; return false; }
          return loadStatus().then(function (renewed) {
            if (renewed) { stateTag = tag; }
            return renewed;
          });
        });
      });
  }

  function loadStatus() {
    return fetch(page.dataset.pageUrl, {
      headers: { "X-Entry-Partial": "1" }, credentials: "same-origin", cache: "no-store"
    }).then(function (response) {
      if (!response.ok) { return false; }
      // A fetch that left before a save or a replace this phone made may answer after it:
      // its older list must not wipe out the newer one and its confirmation.
      var fetched = Number(response.headers.get("X-Table-Version"));
      if (fetched < Number(page.dataset.version)) { return false; }
      return response.text().then(function (html) {
        var before = serverNext();
        swapStatus(html);
        noteVersion(response.headers, true);
        showNext();
        keepPageCopy();
        if (before !== serverNext()) { followReadback(); }
        return true;
      });
    });
  }

  // One question at a time, like live.js: a busy server gets no second poll from this phone
  // while the first is unanswered (1,400 phones would otherwise pile up on it). An answer that
  // never comes frees the phone after ASK_LIMIT_MS.
  var askedAt = 0;
  var ASK_LIMIT_MS = 30000;
  function poll() {
    if (document.visibilityState && document.visibilityState !== "visible") { return; }
    if (askedAt && Date.now() - askedAt < ASK_LIMIT_MS) { return; }
    askedAt = Date.now();
    refresh().catch(function () {}).then(function () { askedAt = 0; });
  }

  // A little jitter keeps the phones of a hall from asking in the same instant.
  function pollLater() {
    window.setTimeout(function () { poll(); pollLater(); }, pollEvery * (0.85 + Math.random() * 0.3));
  }

  function showNotice(text) {
    var box = document.getElementById("table-notice");
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
    var form = readbackBox.querySelector("form[data-save]");
    if (!form || form.dataset.sending) { return; }
    var number = nextNumber();
    var shown = parseInt((form.querySelector("input[name=number]") || {}).value, 10);
    if (number === null || shown === number) { return; }
    var body = new FormData();
    body.set("csrfmiddlewaretoken", csrfToken());
    body.set("number", String(number));
    body.set("line", (form.querySelector("input[name=line]") || {}).value || "");
    var started = shown;
    post(page.dataset.previewUrl, body).then(function (answer) {
      showReadback(answer.html, false);
      noteVersion(answer.headers, false);
      sayBehind(started);
    }).catch(function () {});
  }

  function sayBehind(started) {
    var last = statusBox.querySelector("#last-game");
    var text = "Inzwischen wurde am Tisch weiter erfasst: " +
      (last ? last.textContent.trim() + ". " : "") +
      "Ihre Eingabe ist jetzt Spiel " + nextNumber() + " (statt Spiel " + started + "). " +
      "Bitte prüfen, ob sie nicht dasselbe Spiel ist.";
    var note = element("p", "notice behind", text);
    note.setAttribute("role", "alert");
    readbackBox.insertBefore(note, readbackBox.firstChild);
    scrollToTop(note);
  }

  // --- what the page shows ------------------------------------------------------------------

  function swapStatus(html) {
    var open = {};
    statusBox.querySelectorAll("details[class]").forEach(function (d) { open[d.className] = d.open; });
    statusBox.innerHTML = html;
    statusBox.querySelectorAll("details[class]").forEach(function (d) {
      if (open[d.className] !== undefined && d.className !== "undo") { d.open = open[d.className]; }
    });
    var bar = statusBox.querySelector(".totals-bar");
    if (bar) { totalsBox.replaceChildren(bar); }
    var status = statusBox.querySelector(".status");
    entry.hidden = !status || status.dataset.open !== "ja" || isClosed();
    var note = document.getElementById("offline-hinweis");
    if (note) { note.hidden = entry.hidden; }
    if (status && !isClosed()) { reopenQueue(); }
  }

  // Whether the page shows the link as closed (the event closed, or its days over).
  function isClosed() {
    return !!statusBox.querySelector(".status[data-closed]");
  }

  function clearReadback() { readbackBox.textContent = ""; }

  function showReadback(html, offline) {
    readbackBox.innerHTML = html;
    var box = readbackBox.querySelector(".readback");
    if (!box) { return; }
    if (offline) { box.classList.add("offline"); }
    scrollToTop(box);
    var yes = box.querySelector("button");
    (yes || box).focus({ preventScroll: true });
  }

  // Into view below the running totals, which stay stuck to the top of the screen.
  function scrollToTop(el) {
    var top = el.getBoundingClientRect().top + window.pageYOffset - totalsBox.offsetHeight - 8;
    window.scrollTo(0, Math.max(0, top));
  }

  function confirmSaved(item, result) {
    var saved = statusBox.querySelector("#gespeichert");
    var next = nextNumber();
    if (!saved) {
      saved = element("section", "saved notice ok");
      saved.id = "gespeichert";
      var last = statusBox.querySelector("#last-game");
      saved.appendChild(element("p", "", result === "already-saved" ?
        "Spiel " + item.number + " ist schon gespeichert." :
        "Gespeichert: " + (last ? last.textContent.trim() : "Spiel " + item.number)));
      var status = statusBox.querySelector(".status") || statusBox;
      status.insertBefore(saved, status.firstChild);
    }
    if (next !== null && !entry.hidden && saved.textContent.indexOf("Spiel " + next) === -1) {
      var onward = element("a", "button secondary onward", "Weiter mit Spiel " + next + " ↓");
      onward.href = "#next-game";
      saved.appendChild(onward);
    }
    saved.setAttribute("tabindex", "-1");
    scrollToTop(saved);
    saved.focus({ preventScroll: true });
  }

  // Asks the service worker (where there is one) to keep this page as it is now.
  function keepPageCopy() {
    var sw = navigator.serviceWorker;
    if (sw && sw.controller) { sw.controller.postMessage({ refresh: page.dataset.pageUrl }); }
  }

  // --- the form follows the game number (also offline: the schedule came from the server) ---

  function showNext() {
    var number = nextNumber();
    var next = schedule[String(number)];
    page.querySelectorAll("input[data-number]").forEach(function (input) {
      input.value = number === null ? "" : String(number);
    });
    var label = page.querySelector("[data-next-number]");
    if (label) { label.textContent = String(number); }
    var dealer = page.querySelector("[data-dealer]");
    if (dealer && next) { dealer.textContent = next.dealer_text; }
    gameForm.querySelectorAll("input[name=declarer]").forEach(function (input) {
      input.disabled = !!next && next.playing.indexOf(parseInt(input.value, 10)) === -1;
      if (input.disabled) { input.checked = false; }
    });
    if (next === undefined && loadQueue().length) { entry.hidden = true; }
  }

  function resetForms() {
    gameForm.reset();
    lineForm.reset();
    lineForm.querySelector("#id_line").value = "";
    startedAt = null;
    showNext();
  }

  // --- buttons that cannot contradict each other (the engine's rules, docs/rules.md §5.2) ---

  function field(name, value) {
    var selector = "input[name=" + name + "]" + (value === undefined ? "" : "[value='" + value + "']");
    return gameForm.querySelector(selector);
  }
  function setChecked(name, on) { var el = field(name); if (el) { el.checked = on; } }
  function isChecked(name) { var el = field(name); return !!(el && el.checked); }
  function choose(name, value) { var el = field(name, value); if (el) { el.checked = true; } }
  function clearRadios(name) {
    gameForm.querySelectorAll("input[name=" + name + "]").forEach(function (el) { el.checked = false; });
  }

  function tidyChoices(changed) {
    var type = (gameForm.querySelector("input[name=type]:checked") || {}).value;
    var isNull = type === "null";
    if (type === "passed") {
      ["declarer", "spitzen", "result"].forEach(clearRadios);
      ["hand", "ouvert", "schneider_announced", "schwarz_announced", "kontra", "re"]
        .forEach(function (name) { setChecked(name, false); });
      choose("direction", "mit");
      choose("level", "");
      return;
    }
    if (isNull) {  // Null has no Spitzen, no Schneider or Schwarz
      clearRadios("spitzen");
      choose("direction", "mit");
      setChecked("schneider_announced", false);
      setChecked("schwarz_announced", false);
      choose("level", "");
    }
    var isSuit = !!type && !isNull;
    var name = changed && changed.name;
    var on = changed && changed.checked;
    if (isSuit && isChecked("ouvert") && (name === "ouvert" || name === "type")) {
      ["hand", "schneider_announced", "schwarz_announced"].forEach(function (n) { setChecked(n, true); });
    }
    if (name === "schwarz_announced" && on) { setChecked("schneider_announced", true); }
    if ((name === "schneider_announced" || name === "schwarz_announced") && on) {
      setChecked("hand", true);
    }
    if (name === "schneider_announced" && !on) { setChecked("schwarz_announced", false); }
    if (isSuit && name === "schwarz_announced" && !on) { setChecked("ouvert", false); }
    if (name === "hand" && !on) {
      setChecked("schneider_announced", false);
      setChecked("schwarz_announced", false);
      if (isSuit) { setChecked("ouvert", false); }
    }
    if (isSuit && !isChecked("schneider_announced")) {
      setChecked("schwarz_announced", false);
      setChecked("ouvert", false);
    }
    if (name === "re" && on) { setChecked("kontra", true); }
    if (name === "kontra" && !on) { setChecked("re", false); }
  }

  // --- offline ---------------------------------------------------------------------------------

  // The read-back without a connection: the player's own choices in words, no value.
  function offlineSentence(form) {
    var number = nextNumber();
    var line = form.querySelector("#id_line");
    if (line) { return "Spiel " + number + ": " + line.value.trim(); }
    var words = [];
    var said = {};
    form.querySelectorAll("input:checked").forEach(function (input) {
      if (input.dataset.say && input.offsetParent !== null) { said[input.name] = input.dataset.say; }
    });
    if (said.type === "eingepasst") { return "Spiel " + number + ": eingepasst"; }
    ["declarer", "type", "direction", "spitzen", "hand", "ouvert", "schneider_announced",
      "schwarz_announced", "kontra", "re", "result", "level"].forEach(function (name) {
      if (said[name]) { words.push(said[name] + (name === "declarer" ? "," : "")); }
    });
    return "Spiel " + number + ": " + words.join(" ");
  }

  function offlineReadback(form) {
    var sentence = offlineSentence(form);
    var html = '<section class="readback" tabindex="-1"><h2>Keine Verbindung</h2>' +
      '<p class="say"></p><p>Der Wert wird berechnet, sobald das Netz wieder da ist.</p>' +
      '<div class="readback-actions"><button type="button" class="primary big" data-keep>' +
      "Ja, richtig – auf dem Handy merken</button>" +
      '<a class="button secondary big" href="#eingabe" data-cancel>Nein, ändern</a></div></section>';
    showReadback(html, true);
    readbackBox.querySelector(".say").textContent = sentence + " — richtig?";
    var keep = readbackBox.querySelector("[data-keep]");
    keep.addEventListener("click", function () {
      if (keep.disabled) { return; }
      keep.disabled = true;  // a double tap keeps the game once
      var queue = loadQueue();
      var body = new URLSearchParams(new FormData(form));
      body.delete("csrfmiddlewaretoken");
      queue.push({ id: newEntryId(), number: nextNumber(), body: body.toString(), text: sentence });
      saveQueue(queue);
      clearReadback();
      resetForms();
      renderQueue();
      scheduleRetry();
    });
  }

  function offlineNote(worker) {
    var note = document.getElementById("offline-hinweis");
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
    var sw = navigator.serviceWorker;
    if (!sw || !window.isSecureContext || !page.dataset.swUrl) { offlineNote(false); return; }
    offlineNote(!!sw.controller);
    var scope = page.dataset.swUrl.replace(/[^/]*$/, "");
    sw.register(page.dataset.swUrl, { scope: scope }).then(function () {
      return sw.ready;
    }).then(function () {
      if (sw.controller) { offlineNote(true); keepPageCopy(); }
    }).catch(function () { offlineNote(false); });
    sw.addEventListener("controllerchange", function () { offlineNote(true); keepPageCopy(); });
  }

  // --- events ---------------------------------------------------------------------------------

  function previewGame(form) {
    var started = startedAt === null ? nextNumber() : startedAt;
    var ask = function () {
      form.querySelector("input[data-number]").value = String(nextNumber());
      post(page.dataset.previewUrl, new FormData(form)).then(function (answer) {
        showReadback(answer.html, false);
        noteVersion(answer.headers, false);
        if (started !== null && nextNumber() !== started) { sayBehind(started); }
      }).catch(function () { offlineReadback(form); });
    };
    refresh().then(ask, ask);
  }

  function saveGame(form) {
    if (form.dataset.sending) { return; }  // a second tap: the game is on its way already
    form.dataset.sending = "1";
    var submit = form.querySelector("button[type=submit]");
    if (submit) { submit.disabled = true; submit.textContent = "Wird gespeichert …"; }
    var body = new URLSearchParams(new FormData(form));
    body.delete("csrfmiddlewaretoken");
    var sentence = ((readbackBox.querySelector(".say") || {}).textContent || "")
      .replace(/ — richtig\?$/, "");
    var item = { id: form.dataset.entryId || newEntryId(),
      number: parseInt(body.get("number"), 10), body: body.toString(), text: sentence };
    form.dataset.entryId = item.id;
    var queue = loadQueue();
    if (!queue.some(function (kept) { return kept.id === item.id; })) { queue.push(item); }
    saveQueue(queue);
    tapped = item.id;
    tappedInForm = true;
    sendQueue();
    if (!sending) {  // not sent now (the link is no longer valid): the queue shows it
      letGo();
      renderQueue();
      showNext();
    }
  }

  function statusForm(form) {
    post(form.action, new FormData(form)).then(function (answer) {
      if (answer.status === 200 && fragment(answer.html).querySelector(".status")) {
        swapStatus(answer.html);
        noteVersion(answer.headers, true);
        clearReadback();
        resetForms();
        keepPageCopy();
      } else {  // an error, or a step to confirm (signing): shown where the read-back goes
        showReadback(answer.html, false);
        noteVersion(answer.headers, false);
        if (answer.headers.get("X-Entry-Result") === "closed") { refresh().catch(function () {}); }
      }
    }).catch(function () {
      showReadback('<section class="readback offline"><p class="error" role="alert">' +
        "Keine Verbindung: bitte gleich noch einmal versuchen.</p></section>", true);
    });
  }

  page.addEventListener("submit", function (event) {
    var form = event.target;
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
    if (loadQueue().length) {  // keep the order: behind what the phone still holds
      form.querySelector("input[data-number]").value = String(nextNumber());
      offlineReadback(form);
      return;
    }
    previewGame(form);
  }

  gameForm.addEventListener("change", function (event) {
    if (startedAt === null) { startedAt = nextNumber(); }
    tidyChoices(event.target);
  });
  lineForm.addEventListener("input", function () {
    if (startedAt === null) { startedAt = nextNumber(); }
  });

  page.addEventListener("click", function (event) {
    var cancel = event.target.closest("[data-cancel]");
    if (!cancel) { return; }
    event.preventDefault();
    clearReadback();
    var first = gameForm.querySelector("input:checked") || gameForm.querySelector("input[type=radio]");
    scrollToTop(gameForm);
    if (first) { first.focus({ preventScroll: true }); }
  });

  window.addEventListener("online", sendQueue);
  window.addEventListener("online", poll);
  document.addEventListener("visibilitychange", function () { poll(); sendQueue(); });
  // Back and forward: the page may come from the browser's memory; bring it up to date.
  window.addEventListener("pageshow", function (event) { if (event.persisted) { poll(); } });
  window.addEventListener("storage", function (event) {
    if (event.key === queueKey) { renderQueue(); showNext(); }
  });
  window.setInterval(sendQueue, 5000);
  pollLater();
  adoptLinkQueue();
  tidyChoices(null);
  if (!isClosed()) { reopenQueue(); }
  renderQueue();
  showNext();
  startWorker();
  sendQueue();
  poll();
})();
