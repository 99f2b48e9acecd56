// Table entry without page reloads: submit the line (or the field form) with fetch, put in
// what changed (a typed game at the end of the list: its row, the foot and the next game, as
// JSON; anything else: the updated sheet partial), and keep the cursor in the line input.
// Without JavaScript the same forms post normally (POST-redirect-GET).
(function () {
  "use strict";
  var main = document.getElementById("entry-main");
  if (!main || !window.fetch || !window.FormData) { return; }
  var busy = false;
  // A line the server could not take because the session ended is kept here, per page, and
  // put back into the field when the page is opened again (after logging in anew).
  var keepKey = "skatclub-zeile-" + window.location.pathname;

  function note(text, href, label) {
    var box = main.querySelector("#session-note");
    if (!box) { return; }
    box.textContent = text + " ";
    if (href) {
      var link = document.createElement("a");
      link.href = href;
      link.textContent = label;
      box.appendChild(link);
    }
    box.hidden = false;
  }

  function keepLine(form) {
    var line = form.querySelector("[name=line]");
    if (line && line.value.trim() && window.sessionStorage) {
      window.sessionStorage.setItem(keepKey, line.value);
    }
    return line ? line.value.trim() : "";
  }

  function restoreLine() {
    var kept = window.sessionStorage && window.sessionStorage.getItem(keepKey);
    var input = main.querySelector("#id_line");
    if (!kept || !input) { return; }
    window.sessionStorage.removeItem(keepKey);
    input.value = kept;
    note("Diese Zeile war noch nicht gespeichert und steht wieder im Feld: bitte prüfen und " +
      "Enter drücken.");
  }

  function focusLine() {
    var input = main.querySelector("#id_line");
    if (!input) { return; }
    input.focus();
    var end = input.value.length;
    input.setSelectionRange(end, end);
  }

  function swap(selector, html) {
    var box = main.querySelector(selector);
    if (box) { box.innerHTML = html; }
  }

  function showSaved(saved) {
    var body = main.querySelector("#sheet tbody");
    var holder = document.createElement("tbody");
    holder.innerHTML = saved.row;
    var row = holder.querySelector("tr");
    var old = main.querySelector("#spiel-" + saved.number);
    var empty = main.querySelector("#sheet-empty");
    if (empty) { empty.remove(); }
    if (old) { old.replaceWith(row); } else { body.appendChild(row); }
    swap("#sheet tfoot", saved.foot);
    swap("#next-block", saved.next);
    swap("#last-saved-block", saved.last_saved);
    var caption = main.querySelector("#sheet-caption");
    if (caption) { caption.textContent = saved.caption; }
    var input = main.querySelector("#id_line");
    input.value = "";
    input.removeAttribute("aria-invalid");
    input.setAttribute("aria-describedby", "notation-help");
    var error = main.querySelector("#line-error");
    if (error) { error.remove(); }
  }

  restoreLine();

  main.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-entry")) { return; }
    event.preventDefault();
    if (busy) { return; }
    busy = true;
    main.classList.add("busy");
    fetch(form.action || window.location.href, {
      method: "POST",
      body: new FormData(form),
      headers: { "X-Entry-Partial": "1" },
      credentials: "same-origin"
    }).then(function (response) {
      if (response.redirected) {  // the session ended: the server sent the login page
        var line = keepLine(form);
        var login = main.dataset.login + "?next=" + encodeURIComponent(window.location.pathname);
        note("Ihre Anmeldung ist abgelaufen; das Spiel wurde nicht gespeichert." +
          (line ? " Die Zeile „" + line + "“ bleibt erhalten." : ""), login, "Neu anmelden");
        return null;
      }
      if (response.status === 403) {  // e.g. logged in anew in another tab: stale form
        keepLine(form);
        note("Diese Seite ist nicht mehr gültig (zum Beispiel nach einer neuen Anmeldung); " +
          "nichts wurde gespeichert. Die Zeile bleibt erhalten.", window.location.pathname,
          "Seite neu laden");
        return null;
      }
      // 422: refused, 503: database busy; both come back with the input kept and a message.
      if (response.status !== 200 && response.status !== 422 && response.status !== 503) {
        throw new Error("HTTP " + response.status);
      }
      var type = response.headers.get("Content-Type") || "";
      return type.indexOf("application/json") === 0 ? response.json() : response.text();
    }).then(function (answer) {
      if (answer === null) { return; }
      if (typeof answer === "string") {
        main.innerHTML = answer;
      } else {
        showSaved(answer);
      }
      focusLine();
    }).catch(function (error) {
      var note = document.createElement("p");
      note.className = "error";
      note.setAttribute("role", "alert");
      note.textContent = "Die Eingabe konnte nicht gesendet werden (" + error.message +
        "). Bitte die Seite neu laden; die Zeile steht noch im Feld.";
      form.appendChild(note);
    }).finally(function () {
      busy = false;
      main.classList.remove("busy");
    });
  });
})();
