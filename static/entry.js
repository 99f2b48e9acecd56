// Table entry without page reloads: submit the line (or the field form) with fetch, swap in the
// updated sheet partial, and keep the cursor in the line input for the next game.
// Without JavaScript the same forms post normally (POST-redirect-GET).
(function () {
  "use strict";
  var main = document.getElementById("entry-main");
  if (!main || !window.fetch || !window.FormData) { return; }
  var busy = false;

  function focusLine() {
    var input = main.querySelector("#id_line");
    if (!input) { return; }
    input.focus();
    var end = input.value.length;
    input.setSelectionRange(end, end);
  }

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
      if (response.redirected) {  // e.g. the session ended: follow to the login page
        window.location.href = response.url;
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
