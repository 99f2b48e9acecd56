// Table entry without page reloads: submit the line (or the field form) with fetch, swap in the
// updated sheet partial, and keep the cursor in the line input for the next game.
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
      return response.text();
    }).then(function (html) {
      if (html === null) { return; }
      main.innerHTML = html;
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
